import { describe, expect, it } from 'vitest';
import { isExpired, isValidCardNumber, PAYMENT_MESSAGES, parseExpiry, sandboxCardSchema, SANDBOX_CARDS } from './payment.schema';

describe('sandbox card rules', () => {
  it('accepts the test cards with or without spaces', () => {
    for (const card of Object.values(SANDBOX_CARDS)) expect(isValidCardNumber(card)).toBe(true);
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('4242 4242 4242 4241')).toBe(false);
    expect(isValidCardNumber('4242-4242')).toBe(false);
  });

  it('reads MM/YY expiry dates and knows when one has passed', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('1/30')).toBeNull();
    const now = new Date('2026-05-15T00:00:00Z');
    expect(isExpired({ month: 5, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 4, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2025 }, now)).toBe(true);
  });

  it('gives a clear message per field', () => {
    const ok = { cardNumber: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' };
    expect(sandboxCardSchema.safeParse(ok).success).toBe(true);
    const message = (input: object) => sandboxCardSchema.safeParse({ ...ok, ...input }).error?.issues[0]?.message;
    expect(message({ cardNumber: '1234' })).toBe(PAYMENT_MESSAGES.invalidCardNumber);
    expect(message({ expiry: '1299' })).toBe(PAYMENT_MESSAGES.invalidExpiry);
    expect(message({ expiry: '01/20' })).toBe(PAYMENT_MESSAGES.expired);
    expect(message({ cvc: '12' })).toBe(PAYMENT_MESSAGES.invalidCvc);
  });
});
