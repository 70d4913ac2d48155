import type { LateDeliveryFacts, LateRefundBasis } from './on-time-guarantee.schema';
import { MINIMUM_CHARGE_PENCE } from './pricing';

/**
 * The on-time guarantee (issue 44, decision 068): a delivery after its due time gives money back automatically,
 * once per order. The whole fast-turnaround surcharge when one was paid, otherwise this share of the price.
 */
export const LATE_DELIVERY_REFUND_PERCENT = 20;
/** The ledger's source and reason of the refund. */
export const LATE_DELIVERY_SOURCE = 'late-delivery';
export const LATE_DELIVERY_REASON = 'Late delivery';

/**
 * The fast-turnaround surcharge inside a stored price: fast = standard × 3/2, so standard = price × 2/3, never below
 * the minimum charge (a fast order charged the minimum paid no surcharge). From the stored price, so a later change
 * of rates does not change what an old order is owed.
 */
export function fastTurnaroundSurchargePence(order: { amountPence: number; fastTurnaround: boolean }): number {
  if (!order.fastTurnaround) return 0;
  const standard = Math.max(MINIMUM_CHARGE_PENCE, Math.round((order.amountPence * 2) / 3));
  return Math.max(0, order.amountPence - standard);
}

/** What a late delivery refunds, before the cap of what remains paid: the surcharge, else 20% (half-up, in pence). */
export function lateDeliveryRefund(order: { amountPence: number; fastTurnaround: boolean }): { pence: number; basis: LateRefundBasis } {
  const surcharge = fastTurnaroundSurchargePence(order);
  if (surcharge > 0) return { pence: surcharge, basis: 'surcharge' };
  return { pence: Math.floor((order.amountPence * LATE_DELIVERY_REFUND_PERCENT + 50) / 100), basis: 'percent' };
}

/** The promise in plain words (/services, the terms). */
export const ON_TIME_GUARANTEE = {
  heading: 'On-time guarantee',
  summary: `If we deliver after the due time, you get money back automatically: the whole fast-turnaround surcharge if you paid for fast turnaround, otherwise ${LATE_DELIVERY_REFUND_PERCENT}% of the price.`,
  detail:
    'The refund goes back to the card you paid with, or to your credit if you paid from credit. You do not need to ask: it is made when the late review is delivered, shown on your order and stated in the delivery e-mail. It is made once per order.',
} as const;

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** The sentence the delivery e-mail and the dashboard show for a late delivery. */
export function lateDeliveryText(late: Pick<LateDeliveryFacts, 'refundPence' | 'refundTo' | 'refundStatus'>): string {
  if (late.refundStatus === 'nothing-paid' || late.refundPence === 0) return 'This review was delivered after its due time.';
  const where = late.refundTo === 'credit' ? 'to your credit' : 'to the card you paid with';
  if (late.refundStatus === 'failed') {
    return `This review was delivered after its due time. Under our on-time guarantee we owe you ${pounds(late.refundPence)}; the automatic refund did not go through, so our team will make it ${where}.`;
  }
  return `This review was delivered after its due time, so under our on-time guarantee we have refunded ${pounds(late.refundPence)} ${where}.`;
}
