import { MessageSquare } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { MessagesPanel } from '@client/features/messages';

export function MessagesDialog({ submissionId, title }: { submissionId: string; title: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <MessageSquare className="h-4 w-4" aria-hidden="true" /> Messages
        </Button>
      </DialogTrigger>
      <DialogContent title={`Messages: ${submissionId}`} description={`Talk to our review team about “${title}”.`}>
        <MessagesPanel submissionId={submissionId} />
      </DialogContent>
    </Dialog>
  );
}
