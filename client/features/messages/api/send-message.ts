import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type Message } from '@shared/message.schema';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, apiJson, isUnauthorized } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/messages; on success "Message Sent" and the thread is fetched again. A 401 is the data layer's (spec section 8). */
export function sendMessage(input: { content: string; submissionId: string }): Promise<Message> {
  return apiJson(messageSchema, 'POST', '/api/messages', input);
}

const SEND_FAILED_MESSAGE = 'Failed to send message. Please try again.';

/**
 * A 429 from the message limits (decision 054): its message says which limit and when to try again, and the
 * form shows it beside the text box (null for any other outcome).
 */
export function sendLimitMessage(error: Error | null): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return error.serverMessage ?? 'You are sending messages too quickly. Please try again in a few minutes.';
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
    // Not `meta.errorMessage`: a limit reached is told in the form (sendLimitMessage), not in a notice. A 401 is
    // the data layer's.
    onError: (error) => {
      if (isUnauthorized(error) || sendLimitMessage(error)) return;
      toast({ title: 'Error', description: SEND_FAILED_MESSAGE, variant: 'destructive' });
    },
  });
}
