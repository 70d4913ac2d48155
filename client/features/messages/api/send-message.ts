import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type Message } from '@shared/message.schema';
import { toast } from '@client/components/ui/use-toast';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/messages; on success "Message Sent" and the thread is fetched again. A 401 is the data layer's (spec section 8). */
export function sendMessage(input: { content: string; submissionId: string }): Promise<Message> {
  return apiJson(messageSchema, 'POST', '/api/messages', input);
}

export function useSendMessage(submissionId: string, viewerIsAdmin: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendMessage({ content, submissionId }),
    onSuccess: () => {
      toast({
        title: 'Message Sent',
        description: viewerIsAdmin ? 'The customer will see your reply.' : 'Our review team will get back to you soon.',
      });
      return queryClient.invalidateQueries({ queryKey: queryKeys.messages.thread(submissionId) });
    },
    meta: { errorMessage: 'Failed to send message. Please try again.' },
  });
}
