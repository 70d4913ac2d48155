import { afterEach, describe, expect, it } from 'vitest';
import { PENDING_SUBMISSION_KEY } from '@client/lib/pending-submission';
import { CHECK_NOW_DRAFT_KEY } from '@client/features/submissions';
import { formatPence } from '@shared/money';
import { quotePrice } from '@shared/pricing';
import { pendingOrderLine, readPendingOrder, typedContact } from './pending-order';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('the order waiting for sign-in (issue 45)', () => {
  it('names the words, the tier and the price, as charged', () => {
    localStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: words(1200), serviceTier: 'polished', fastTurnaround: true, contactName: 'Grace Hopper' }));
    const order = readPendingOrder()!;
    expect(pendingOrderLine(order)).toBe(`1,200 words · Polished · ${formatPence(quotePrice(1200, 'polished', true).totalPence)}`);
  });

  it('sums a text split into orders, each priced on its own (the minimum applies per order)', () => {
    localStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: words(10), serviceTier: 'fact-checked', moreParts: [words(20)] }));
    const each = (n: number) => quotePrice(n, 'fact-checked', false).totalPence;
    expect(pendingOrderLine(readPendingOrder()!)).toBe(`2 orders · 30 words · Fact checked · ${formatPence(each(10) + each(20))} in total`);
  });

  it('says nothing it does not know: no tier, no price; nothing pending or unreadable, no notice', () => {
    localStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: 'one' }));
    expect(pendingOrderLine(readPendingOrder()!)).toBe('1 word');
    localStorage.setItem(PENDING_SUBMISSION_KEY, '{broken');
    expect(readPendingOrder()).toBeNull();
    localStorage.clear();
    expect(readPendingOrder()).toBeNull();
  });

  it('carries the name and e-mail typed into the order form: the pending submission first, else the tab\'s draft', () => {
    sessionStorage.setItem(CHECK_NOW_DRAFT_KEY, JSON.stringify({ id: 'd1', values: { content: 'Some text typed', contactName: 'Ada King Lovelace', contactEmail: 'ada@example.com' } }));
    expect(typedContact()).toEqual({ firstName: 'Ada', lastName: 'King Lovelace', email: 'ada@example.com' });
    localStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: 'x', contactName: 'Grace', contactEmail: 'grace@example.com' }));
    expect(typedContact()).toEqual({ firstName: 'Grace', lastName: '', email: 'grace@example.com' });
  });
});
