import { useMutation } from '@tanstack/react-query';
import { sandboxConfirmResponseSchema, type SandboxConfirmResponse } from '@shared/payment.schema';
import { ApiError, apiJson } from '@client/lib/api';
import { PAYMENT_FAILED_FALLBACK } from '../payment-outcome';

export interface SandboxCard {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  /** "Save this card": the server keeps the brand, last four digits and expiry (decision 045). */
  saveCard?: boolean;
}

/** POST /api/payments/sandbox/confirm: the server decides the test card's outcome. */
export function confirmSandboxPayment(card: SandboxCard): Promise<SandboxConfirmResponse> {
  return apiJson(sandboxConfirmResponseSchema, 'POST', '/api/payments/sandbox/confirm', card);
}

/** A refused card says "Payment Failed" with the provider's message (spec section 8). */
export function useConfirmSandboxPayment() {
  return useMutation({
    mutationFn: confirmSandboxPayment,
    meta: {
      errorTitle: 'Payment Failed',
      errorMessage: (error) => (error instanceof ApiError && error.serverMessage) || PAYMENT_FAILED_FALLBACK,
    },
  });
}
