import { MessageSquare } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { MessagesPanel } from '@client/features/messages';

/** The team's side of a submission's thread (messages sent here are stored as from the review team). */
export function AdminMessagesDialog({ submissionId, customerName }: { submissionId: string; customerName: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Messages for ${submissionId}`}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" /> Messages
        </Button>
      </DialogTrigger>
      <DialogContent title={`Messages: ${submissionId}`} description={`Your conversation with ${customerName}.`}>
        <MessagesPanel submissionId={submissionId} />
      </DialogContent>
    </Dialog>
  );
}
