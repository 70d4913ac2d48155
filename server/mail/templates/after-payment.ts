import { formatPence } from '../../../shared/money';
import { renderEmail, type EmailFrame, type RenderedEmail } from './layout';
import { greeting, type OrderView, type PersonView } from './views';

/** E-mails of decision 018: a cancelled order, a refund, a revision request. */
const DASHBOARD = { label: 'Open your dashboard', path: '/dashboard' };
const ADMIN = { label: 'Open the admin panel', path: '/admin' };

const who = (customer: PersonView) => (customer.name ? `${customer.name} <${customer.email}>` : customer.email);

export function orderCancelledEmail(
  frame: EmailFrame,
  input: { firstName: string | null; order: OrderView; refundedPence: number },
): RenderedEmail {
  return renderEmail(frame, {
    subject: `Order ${input.order.id} cancelled: ${formatPence(input.refundedPence)} refunded`,
    heading: 'Your order is cancelled',
    intro: [
      greeting(input.firstName),
      `As you asked, order ${input.order.id} is cancelled before any work started, and we have refunded ${formatPence(input.refundedPence)} to your card. Refunds usually reach your account within 5 to 10 business days.`,
    ],
    details: [
      ['Order', input.order.id],
      ['Refunded', formatPence(input.refundedPence)],
    ],
    action: DASHBOARD,
  });
}

export function orderCancelledTeamEmail(
  frame: EmailFrame,
  input: { customer: PersonView; order: OrderView; refundedPence: number },
): RenderedEmail {
  return renderEmail(frame, {
    subject: `Order ${input.order.id} cancelled by the customer`,
    heading: 'An order was cancelled',
    intro: [`${who(input.customer)} cancelled order ${input.order.id} before work started; ${formatPence(input.refundedPence)} was refunded.`],
    details: [
      ['Customer', who(input.customer)],
      ['Order', input.order.id],
      ['Refunded', formatPence(input.refundedPence)],
    ],
    action: ADMIN,
  });
}

export function refundIssuedEmail(
  frame: EmailFrame,
  input: { firstName: string | null; order: OrderView; amountPence: number; reason: string },
): RenderedEmail {
  return renderEmail(frame, {
    subject: `Refund of ${formatPence(input.amountPence)} for order ${input.order.id}`,
    heading: 'We have refunded you',
    intro: [
      greeting(input.firstName),
      `We have refunded ${formatPence(input.amountPence)} for order ${input.order.id} to your card. Refunds usually reach your account within 5 to 10 business days.`,
    ],
    quote: { label: 'Reason', text: input.reason },
    details: [
      ['Order', input.order.id],
      ['Refunded', formatPence(input.amountPence)],
    ],
    action: DASHBOARD,
  });
}

export function revisionRequestedTeamEmail(
  frame: EmailFrame,
  input: { customer: PersonView; order: OrderView; message: string },
): RenderedEmail {
  return renderEmail(frame, {
    subject: `Revision requested for order ${input.order.id}`,
    heading: 'A customer asked for their free revision',
    intro: [`${who(input.customer)} asked for a revision of order ${input.order.id}. It is at the top of the queue.`],
    quote: { label: 'What to change', text: input.message },
    details: [
      ['Customer', who(input.customer)],
      ['Order', input.order.id],
    ],
    action: ADMIN,
  });
}
