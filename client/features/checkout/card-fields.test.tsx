import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PAYMENT_MESSAGES, type SandboxCardInput } from '@shared/payment.schema';
import { CardFields, useCardFields } from './card-fields';

afterEach(cleanup);

/** The fields in a form whose submit shows what `checked()` answered. */
function Harness() {
  const card = useCardFields();
  const [sent, setSent] = useState<SandboxCardInput | null | undefined>(undefined);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSent(card.checked());
      }}
    >
      <CardFields card={card} />
      <button type="submit">Pay</button>
      <output>{sent === undefined ? '' : JSON.stringify(sent)}</output>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the test-mode card fields', () => {
  it('tidy what is typed, and answer the card as the API takes it', () => {
    render(<Harness />);
    type('Card number', '4242-4242 4242x4242');
    type('Expiry', '1240');
    type('CVC', '12a345');
    expect([valueOf('Card number'), valueOf('Expiry'), valueOf('CVC')]).toEqual(['4242 4242 4242 4242', '12 / 40', '1234']);
    for (const label of ['Card number', 'Expiry', 'CVC']) expect(screen.getByLabelText(label).getAttribute('inputmode')).toBe('numeric');
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(JSON.parse(screen.getByRole('status').textContent!)).toEqual({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '1234' });
  });

  it("show each wrong field's message until that field is edited, and answer null", () => {
    render(<Harness />);
    type('Card number', '4242 4242 4242 4241');
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('status').textContent).toBe('null');
    expect(screen.getByText(PAYMENT_MESSAGES.invalidCardNumber)).toBeDefined();
    expect(screen.getByText(PAYMENT_MESSAGES.invalidExpiry)).toBeDefined();
    expect(screen.getByText(PAYMENT_MESSAGES.invalidCvc)).toBeDefined();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');

    type('Card number', '4242 4242 4242 4242');
    expect(screen.queryByText(PAYMENT_MESSAGES.invalidCardNumber)).toBeNull();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText(PAYMENT_MESSAGES.invalidExpiry)).toBeDefined();
  });
});
