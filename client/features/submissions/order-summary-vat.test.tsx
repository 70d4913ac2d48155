/** The order form's price says the VAT it includes when VAT is charged (issue 45). */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { OrderSummary } from './order-summary';

afterEach(cleanup);

describe('the order form’s summary and total bar', () => {
  it('say "incl. £x VAT" beside the price when VAT is charged', () => {
    render(<OrderSummary words={1200} serviceTier="polished" category="" englishVariant="british" fast pending={false} vatRateBasisPoints={2000} />);
    expect(screen.getByTestId('estimate-total').textContent).toBe('£108.00');
    expect(screen.getByTestId('estimate-vat').textContent).toBe('incl. £18.00 VAT');
    expect(screen.getByTestId('sticky-vat').textContent).toBe('incl. £18.00 VAT');
    cleanup();
    render(<OrderSummary words={1200} serviceTier="polished" category="" englishVariant="british" fast pending={false} />);
    expect(screen.queryByTestId('estimate-vat')).toBeNull();
    expect(screen.queryByTestId('sticky-vat')).toBeNull();
  });
});
