import type { Order } from '../../sdk/src';
import { formatPence } from '../../../shared/money';
import { tierLabel } from '../../../shared/service-tiers';
import { statusLabel } from '../../../shared/submission-status';

const date = (iso: string | null) => (iso ? iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC') : '-');

/** An order in a few lines for people (`status`, `submit` without --json). */
export function describeOrder(order: Order, site: string): string[] {
  const lines = [
    `Order ${order.id}: ${statusLabel(order.status)}`,
    `  ${tierLabel(order.serviceTier)}, ${order.wordCount.toLocaleString('en-GB')} words, ${formatPence(order.pricePence)}${order.fastTurnaround ? ', fast turnaround' : ''}`,
    `  ordered ${date(order.createdAt)}${order.completedAt ? `, delivered ${date(order.completedAt)}` : order.dueDate ? `, due ${date(order.dueDate)}` : ''}`,
  ];
  const code = order.result?.certificateCode;
  if (code) lines.push(`  certificate ${code} (${site}/verify/${code})`);
  return lines;
}
