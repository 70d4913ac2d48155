import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxCardInput } from '@shared/payment.schema';
import {
  cardSetupResponseSchema,
  payWithSavedCardResponseSchema,
  savedCardListSchema,
  savedCardSchema,
  stripeSaveCardResponseSchema,
  type PayWithSavedCardInput,
  type StripeSaveCardInput,
} from '@shared/saved-cards.schema';
import { apiJson, apiRequest } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/saved-cards: the account's cards for this deployment's payment provider, newest first. */
export function useSavedCards(enabled = true) {
  return useQuery({
    queryKey: queryKeys.savedCards,
    queryFn: () => apiJson(savedCardListSchema, 'GET', '/api/saved-cards'),
    enabled,
  });
}

/** DELETE /api/saved-cards/:id (Stripe: the payment method is detached from the customer). */
export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/saved-cards/${encodeURIComponent(id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedCards }),
  });
}

/** POST /api/payments/saved-card: one click pays the order's stored price with a saved card. */
export function usePayWithSavedCard() {
  return useMutation({
    mutationFn: (input: PayWithSavedCardInput) => apiJson(payWithSavedCardResponseSchema, 'POST', '/api/payments/saved-card', input),
  });
}

/** POST /api/payments/stripe/save-card: "Save this card" on the checkout's Stripe PaymentIntent, before it is confirmed. */
export function chooseStripeSaveCard(input: StripeSaveCardInput) {
  return apiJson(stripeSaveCardResponseSchema, 'POST', '/api/payments/stripe/save-card', input);
}

/** After a payment that may have saved a card: the lists show it next time. */
export function useRefreshSavedCards(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.savedCards });
}

/** POST /api/saved-cards/sandbox: "Add card" in the sandbox (its test card rules, nothing charged). */
export function useAddSandboxCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: SandboxCardInput) => apiJson(savedCardSchema, 'POST', '/api/saved-cards/sandbox', card),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedCards }),
  });
}

/** POST /api/saved-cards/setup: a Stripe SetupIntent for "Add card". */
export function startCardSetup() {
  return apiJson(cardSetupResponseSchema, 'POST', '/api/saved-cards/setup', {});
}

/** POST /api/saved-cards/setup/complete: the server asks Stripe about the confirmed SetupIntent and lists its card. */
export function completeCardSetup(setupIntentId: string) {
  return apiJson(savedCardSchema, 'POST', '/api/saved-cards/setup/complete', { setupIntentId });
}
