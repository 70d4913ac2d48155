import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { queryKeys } from '@client/lib/query-keys';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { MessagesPanel } from '@client/features/messages';

/** The team's side of a submission's thread (messages sent here are stored as from the review team). */
export function AdminMessagesDialog({ submissionId, customerName }: { submissionId: string; customerName: string }) {
  const queryClient = useQueryClient();
  return (
    <Dialog
      onOpenChange={(open) => {
        // Reading the thread read the customer's messages: the queue's unread marker goes.
        if (!open) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.queues });
      }}
    >
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
