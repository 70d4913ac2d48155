import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentIntentResponseSchema, type PaymentIntentResponse } from '@shared/payment.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

export type PaymentIntentAnswer = PaymentIntentResponse;

/** POST /api/create-payment-intent: the client secret of the order's payment. */
export function createPaymentIntent(submissionId: string): Promise<PaymentIntentAnswer> {
  return apiJson(paymentIntentResponseSchema, 'POST', '/api/create-payment-intent', { submissionId });
}

/** Asked for once the order is payable, and forgotten when the page goes (a fresh one on each visit). */
export const paymentIntentQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.paymentIntent(submissionId),
    queryFn: () => createPaymentIntent(submissionId),
    gcTime: 0,
  });

export function usePaymentIntent(submissionId: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(submissionId), enabled });
}
