import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  orderMoneySchema,
  reviewOpenedSchema,
  type AdminRefundInput,
  type OrderMoney,
} from '@shared/after-payment.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

const moneyKey = queryKeys.admin.money;

/** GET /api/admin/ledger.csv: the payments and refunds of a date range (ISO days), downloaded as a file. */
export const ledgerCsvUrl = (from: string, to: string) => `/api/admin/ledger.csv?from=${from}&to=${to}`;

/** The order's payments and refunds, with paid, refunded and net (sums the server derives from the rows). */
export function useOrderMoney(id: string, enabled: boolean) {
  return useQuery<OrderMoney>({
    queryKey: moneyKey(id),
    queryFn: async () => await apiJson(orderMoneySchema, 'GET', `/api/admin/submissions/${id}/money`),
    enabled,
  });
}

export function useAdminRefund(id: string) {
  const queryClient = useQueryClient();
  return useMutation<OrderMoney, Error, AdminRefundInput>({
    mutationFn: async (input) => await apiJson(orderMoneySchema, 'POST', `/api/admin/submissions/${id}/refunds`, input),
    onSuccess: (money) => queryClient.setQueryData(moneyKey(id), money),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.queues }),
  });
}

/** A reviewer opened a paid order: the customer can no longer cancel it (decision 018). */
export async function markReviewOpened(id: string): Promise<boolean> {
  return (await apiJson(reviewOpenedSchema, 'POST', `/api/admin/submissions/${id}/open`)).started;
}
