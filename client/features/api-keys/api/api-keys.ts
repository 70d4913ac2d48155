import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
  creditBalanceSchema,
  creditCheckoutResponseSchema,
  revokedApiKeysSchema,
  type CreateApiKeyInput,
} from '@shared/api-v1.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: () => apiJson(apiKeyListSchema, 'GET', '/api/api-keys') });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => apiJson(createdApiKeySchema, 'POST', '/api/api-keys', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
    meta: { errorMessage: (error: Error) => error.message || 'The key could not be created.' },
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson(apiKeySchema, 'DELETE', `/api/api-keys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
    meta: { errorMessage: 'The key could not be revoked. Please try again.' },
  });
}

/** POST /api/api-keys/revoke-all: every active key of the account stops working. */
export function useRevokeAllApiKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson(revokedApiKeysSchema, 'POST', '/api/api-keys/revoke-all', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
    meta: { errorMessage: 'The keys could not be revoked. Please try again.' },
  });
}

export function useCredit() {
  return useQuery({ queryKey: queryKeys.credit, queryFn: () => apiJson(creditBalanceSchema, 'GET', '/api/credit') });
}

export function startCreditCheckout(amountPence: number) {
  return apiJson(creditCheckoutResponseSchema, 'POST', '/api/credit/checkout', { amountPence });
}

export function useConfirmSandboxCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { clientSecret: string; cardNumber: string; expiry: string; cvc: string }) =>
      apiJson(z.object({ balancePence: z.number().int() }), 'POST', '/api/credit/sandbox/confirm', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.credit }),
  });
}
