/** /services with a VAT number (issue 45): the minimum and the example prices say the VAT they include. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { siteConfigSchema } from '@shared/site-config.schema';
import { createQueryClient } from '@client/lib/query-client';
import { queryKeys } from '@client/lib/query-keys';
import { serveApi } from '@client/test-support/serve-api';
import ServicesPage from './services-page';

const CONFIG = {
  support: { email: 'help@example.org', phone: '1', address: 'x' },
  payments: { provider: 'sandbox', publishableKey: null },
  signIn: { provider: 'password' },
};

function renderServices(rateBasisPoints: number) {
  serveApi();
  const client = createQueryClient();
  client.setQueryData(queryKeys.siteConfig, siteConfigSchema.parse({ ...CONFIG, vat: { rateBasisPoints } }));
  render(
    <QueryClientProvider client={client}>
      <ServicesPage />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/services', () => {
  it('says "incl. £x VAT" beside its prices when VAT is charged', () => {
    renderServices(2000);
    expect(screen.getByTestId('minimum-charge').textContent).toBe('Minimum charge: £5.00 (incl. £0.83 VAT) per order');
    const table = screen.getByRole('table');
    expect(table.textContent).toContain('incl.');
    expect(screen.getByText(/including VAT at 20%/)).toBeTruthy();
  });

  it('prints the prices alone when no VAT is charged', () => {
    renderServices(0);
    expect(screen.getByTestId('minimum-charge').textContent).toBe('Minimum charge: £5.00 per order');
    expect(screen.getByRole('table').textContent).not.toContain('VAT');
  });
});

describe('/services: the on-time guarantee (issue 44)', () => {
  it('states the refund of a late delivery in plain words', () => {
    renderServices(0);
    const text = screen.getByTestId('on-time-guarantee').textContent ?? '';
    expect(text).toContain('On-time guarantee');
    expect(text).toContain('If we deliver after the due time, you get money back automatically');
    expect(text).toContain('the whole fast-turnaround surcharge');
    expect(text).toContain('20% of the price');
    expect(text).toContain('back to the card you paid with, or to your credit');
  });
});
