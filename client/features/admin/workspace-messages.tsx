import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MessagesPanel } from '@client/features/messages';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The order's conversation in the workspace's side panel (issue 42, item 6): the customer's messages (new ones
 * marked), and replies from here, as the review team. Reading it here reads it for the queue's unread marker too.
 */
export function WorkspaceMessages({ submissionId }: { submissionId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.queues }), [queryClient]);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="workspace-messages-heading">
      <h2 id="workspace-messages-heading" className="text-sm font-semibold">
        Messages with the customer
      </h2>
      <MessagesPanel submissionId={submissionId} />
    </section>
  );
}
