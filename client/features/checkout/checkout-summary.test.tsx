/**
 * Checkout shows the order form's breakdown (issue 45): the words times the rate, the fast fee, the minimum-charge
 * note, and with a VAT number the VAT inside the total.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Submission } from '@shared/submission.schema';
import { createQueryClient } from '@client/lib/query-client';
import { siteConfigSchema } from '@shared/site-config.schema';
import { queryKeys } from '@client/lib/query-keys';
import { serveApi } from '@client/test-support/serve-api';
import { CheckoutSummary } from './checkout-summary';

const CONFIG = {
  support: { email: 'help@example.org', phone: '1', address: 'x' },
  payments: { provider: 'sandbox', publishableKey: null },
  signIn: { provider: 'password' },
};

function order(over: Partial<Submission>): Submission {
  return { id: 'HP1', title: 'T', serviceTier: 'polished', category: 'blog', wordCount: 1200, fastTurnaround: true, amountPence: 10800, ...over } as Submission;
}

/** Checkout with GET /api/config answered as the server would (its answer parsed, as the app parses it). */
function renderCheckout(submission: Submission, vatRate: number | null) {
  serveApi();
  const client = createQueryClient();
  client.setQueryData(queryKeys.siteConfig, siteConfigSchema.parse(vatRate === null ? CONFIG : { ...CONFIG, vat: { rateBasisPoints: vatRate } }));
  render(
    <QueryClientProvider client={client}>
      <CheckoutSummary submission={submission} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout’s order summary', () => {
  it('shows the words times the rate and the fast-turnaround fee, as the form does', () => {
    renderCheckout(order({}), 0);
    expect(screen.getByText('1,200 words × £0.06')).toBeTruthy();
    expect(screen.getByTestId('checkout-base').textContent).toBe('£72.00');
    expect(screen.getByTestId('checkout-fast-fee').textContent).toBe('£36.00');
    expect(screen.getByTestId('checkout-total').textContent).toBe('£108.00');
    expect(screen.queryByTestId('checkout-minimum')).toBeNull();
  });

  it('notes the minimum charge when it applies', () => {
    renderCheckout(order({ wordCount: 40, fastTurnaround: false, amountPence: 500 }), 0);
    expect(screen.getByTestId('checkout-minimum').textContent).toContain('Minimum order £5.00');
    expect(screen.queryByTestId('checkout-fast-fee')).toBeNull();
  });

  it('says the VAT inside the total when VAT is charged, and nothing when it is not (or the server does not say)', () => {
    renderCheckout(order({ wordCount: 40, fastTurnaround: false, amountPence: 500 }), 2000);
    expect(screen.getByTestId('checkout-vat').textContent).toBe('incl. £0.83 VAT');
    for (const rate of [0, null]) {
      cleanup();
      renderCheckout(order({}), rate);
      expect(screen.getByText('1,200 words × £0.06')).toBeTruthy();
      expect(screen.queryByTestId('checkout-vat')).toBeNull();
    }
  });
});
