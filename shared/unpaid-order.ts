/**
 * An order not paid yet (status `new`, decision 069): the dashboard reads it "Awaiting payment" and offers Pay and
 * Discard. A discarded order is `cancelled` with no payment date, and reads "Discarded". Zod-free (a status badge
 * imports it); the route's answer is unpaid-order.schema.ts.
 */
export const UNPAID_ORDER_MESSAGES = {
  awaitingPayment: 'Awaiting payment',
  discarded: 'Discarded',
  alreadyPaid: 'This order has been paid, so it can no longer be discarded. You can cancel it from your dashboard within 24 hours.',
  discardConfirmTitle: 'Discard this unpaid order?',
  discardConfirmDescription: 'The order is removed from your list of orders to pay. Nothing has been charged. This cannot be undone.',
  discardedToast: 'Order discarded',
} as const;

/** How a status reads to the customer: `new` awaits payment; a cancelled order never paid was discarded. */
export function customerStatusLabel(order: { status: string; paidAt: string | Date | null }): string | null {
  if (order.status === 'new') return UNPAID_ORDER_MESSAGES.awaitingPayment;
  if (order.status === 'cancelled' && order.paidAt === null) return UNPAID_ORDER_MESSAGES.discarded;
  return null;
}
