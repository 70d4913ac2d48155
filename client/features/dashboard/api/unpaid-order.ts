import { useMutation, useQueryClient } from '@tanstack/react-query';
import { discardResponseSchema, type DiscardResponse } from '@shared/unpaid-order.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/submissions/:id/discard: the customer discards an order they have not paid (decision 069). */
export function useDiscardOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation<DiscardResponse, Error>({
    mutationFn: async () => await apiJson(discardResponseSchema, 'POST', `/api/submissions/${id}/discard`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
  });
}
