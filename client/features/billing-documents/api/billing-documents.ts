import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingDetailsSchema,
  billingDocumentListSchema,
  orderPurchaseOrderSchema,
  type BillingDetailsInput,
} from '@shared/billing-documents.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The customer's receipts, VAT invoices and credit notes (decision 044). Read again whenever a list mounts: a
 * payment made since (on the checkout page, from credit) adds one.
 */
export function useBillingDocuments() {
  return useQuery({
    queryKey: queryKeys.billing.documents,
    queryFn: () => apiJson(billingDocumentListSchema, 'GET', '/api/billing/documents'),
    staleTime: 0,
  });
}

/** One order's documents (its receipt or invoice, and any credit notes), for its details dialog. */
export function useOrderBillingDocuments(submissionId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.billing.documentsOf(submissionId),
    queryFn: () => apiJson(billingDocumentListSchema, 'GET', `/api/billing/documents?submissionId=${encodeURIComponent(submissionId)}`),
    enabled,
    staleTime: 0,
  });
}

export function useBillingDetails() {
  return useQuery({ queryKey: queryKeys.billing.details, queryFn: () => apiJson(billingDetailsSchema, 'GET', '/api/billing/details') });
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingDetailsInput) => apiJson(billingDetailsSchema, 'PUT', '/api/billing/details', input),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.billing.details, saved),
  });
}

/** GET /api/submissions/:id/purchase-order: the number given for this order at checkout ('' when none). */
export function useOrderPurchaseOrder(submissionId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.billing.purchaseOrder(submissionId),
    queryFn: () => apiJson(orderPurchaseOrderSchema, 'GET', `/api/submissions/${encodeURIComponent(submissionId)}/purchase-order`),
    enabled,
  });
}

/** PUT /api/submissions/:id/purchase-order: sets (or, empty, clears) it while the order is unpaid. */
export function useSaveOrderPurchaseOrder(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseOrderNumber: string) =>
      apiJson(orderPurchaseOrderSchema, 'PUT', `/api/submissions/${encodeURIComponent(submissionId)}/purchase-order`, { purchaseOrderNumber }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.billing.purchaseOrder(submissionId), saved),
  });
}
