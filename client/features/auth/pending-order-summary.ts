// What /login shows of the order waiting for sign-in, without React or the submissions feature: the login page's
// island imports it (decision 076).
import { quotePrice } from '@shared/pricing';
import { TIERS, type ServiceTier } from '@shared/service-tiers';
import { countWords } from '@shared/word-count';
import { formatPence } from '@shared/money';
import { readPendingSubmissionRaw } from '@client/lib/pending-submission';

/**
 * What /login and sign-up read of the order waiting for sign-in (issue 45): the pending submission (spec
 * section 3), or, without one, the order form's draft in this tab. Read only: both stay as they are.
 */
export interface PendingOrder {
  words: number;
  /** The tier's label, or null when none was chosen. */
  tier: string | null;
  /** The price of every order it becomes, with VAT as charged; null without a tier. */
  price: string | null;
  /** How many orders: more than one for a text split into orders (decision 069). */
  orders: number;
  contactName: string;
  contactEmail: string;
}

export function parse(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function readPendingOrder(): PendingOrder | null {
  const pending = parse(readPendingSubmissionRaw());
  if (!pending) return null;
  const parts = [text(pending.content), ...(Array.isArray(pending.moreParts) ? pending.moreParts.map(text) : [])];
  const counts = parts.map((part) => countWords(part));
  const tierId = text(pending.serviceTier);
  const tier = tierId in TIERS ? TIERS[tierId as ServiceTier] : null;
  const fast = pending.fastTurnaround === true;
  const pence = tier ? counts.reduce((sum, words) => sum + quotePrice(words, tier.id, fast).totalPence, 0) : null;
  return {
    words: counts.reduce((sum, words) => sum + words, 0),
    tier: tier ? tier.label : null,
    price: pence === null ? null : formatPence(pence),
    orders: parts.length,
    contactName: text(pending.contactName),
    contactEmail: text(pending.contactEmail),
  };
}

/** The notice's line: "3,200 words · Polished · £192.00", or for a split text "2 orders · …". */
export function pendingOrderLine(order: PendingOrder): string {
  const parts = [
    ...(order.orders > 1 ? [`${order.orders} orders`] : []),
    `${order.words.toLocaleString('en-GB')} ${order.words === 1 ? 'word' : 'words'}`,
    ...(order.tier ? [order.tier] : []),
    ...(order.price ? [order.orders > 1 ? `${order.price} in total` : order.price] : []),
  ];
  return parts.join(' · ');
}
