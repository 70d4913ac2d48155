import { describe, expect, it } from 'vitest';
import { computeDueDate } from './due-date';

const at = (iso: string) => new Date(iso);

describe('computeDueDate', () => {
  it('is 24 hours after payment with fast turnaround, weekends included', () => {
    expect(computeDueDate(at('2025-06-27T15:30:00Z'), true).toISOString()).toBe('2025-06-28T15:30:00.000Z');
    expect(computeDueDate(at('2025-06-28T10:00:00Z'), true).toISOString()).toBe('2025-06-29T10:00:00.000Z');
  });

  it('is 3 business days after payment otherwise', () => {
    // Monday → Thursday
    expect(computeDueDate(at('2025-06-23T09:00:00Z'), false).toISOString()).toBe('2025-06-26T09:00:00.000Z');
  });

  it('skips Saturday and Sunday: paid Thursday → due Tuesday', () => {
    const due = computeDueDate(at('2025-06-26T14:00:00Z'), false);
    expect(due.toISOString()).toBe('2025-07-01T14:00:00.000Z');
    expect(due.getUTCDay()).toBe(2);
  });

  it('paid Friday → due Wednesday', () => {
    expect(computeDueDate(at('2025-06-27T08:00:00Z'), false).toISOString()).toBe('2025-07-02T08:00:00.000Z');
  });

  it('paid Saturday → due Wednesday; paid Sunday → due Wednesday', () => {
    expect(computeDueDate(at('2025-06-28T12:00:00Z'), false).toISOString()).toBe('2025-07-02T12:00:00.000Z');
    expect(computeDueDate(at('2025-06-29T12:00:00Z'), false).toISOString()).toBe('2025-07-02T12:00:00.000Z');
  });

  it('does not change the date it was given', () => {
    const paid = at('2025-06-26T14:00:00Z');
    computeDueDate(paid, false);
    expect(paid.toISOString()).toBe('2025-06-26T14:00:00.000Z');
  });
});
