import { messageAnswerSchema } from '@shared/api.schema';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api';

export type DeleteAccountInput = { password: string } | { confirmation: string };

/** POST /api/account/delete: a wrong password or confirmation word is a 400 with the reason. */
export function deleteAccount(input: DeleteAccountInput): Promise<unknown> {
  return apiJson(messageAnswerSchema, 'POST', '/api/account/delete', input);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
