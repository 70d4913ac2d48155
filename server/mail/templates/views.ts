import { formatPence } from '../../../shared/money';
import { tierLabel } from '../../../shared/service-tiers';
import { formatLondonDateTime } from '../format';

/** The order facts the e-mails show, taken from a submission row. */
export interface OrderView {
  id: string;
  title: string;
  serviceTier: string;
  wordCount: number;
  amountPence: number;
  fastTurnaround: boolean;
  dueDate: Date | null;
}

export interface PersonView {
  /** Full name, possibly empty. */
  name: string;
  email: string;
}

export function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

export function dueText(order: OrderView): string {
  return order.dueDate ? formatLondonDateTime(order.dueDate) : 'To be confirmed';
}

export function orderDetails(order: OrderView): [string, string][] {
  return [
    ['Order', order.id],
    ['Service', `${tierLabel(order.serviceTier)}${order.fastTurnaround ? ' (24-hour turnaround)' : ''}`],
    ['Words', order.wordCount.toLocaleString('en-GB')],
    ['Amount paid', formatPence(order.amountPence)],
    ['Due by', `${dueText(order)} (UK time)`],
  ];
}
