import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelResponseSchema,
  deliveriesSchema,
  type CancelResponse,
  type Delivery,
} from '@shared/after-payment.schema';
import { submissionSchema, type Submission } from '@shared/submission.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/submissions/:id/cancel: cancel an unstarted order and refund it (decision 018). */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation<CancelResponse, Error>({
    mutationFn: async () => await apiJson(cancelResponseSchema, 'POST', `/api/submissions/${id}/cancel`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
  });
}

/** POST /api/submissions/:id/revision: the one free revision. */
export function useRequestRevision(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Submission, Error, string>({
    mutationFn: async (message) => await apiJson(submissionSchema, 'POST', `/api/submissions/${id}/revision`, { message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
  });
}

/** GET /api/submissions/:id/deliveries: every delivered version, newest first. */
export function useDeliveries(id: string, enabled: boolean) {
  return useQuery<Delivery[]>({
    queryKey: queryKeys.submissions.deliveries(id),
    queryFn: async () => await apiJson(deliveriesSchema, 'GET', `/api/submissions/${id}/deliveries`),
    enabled,
  });
}
