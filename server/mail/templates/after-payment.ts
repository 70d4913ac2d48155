import { formatPence } from '../../../shared/money';
import { renderEmail, type EmailContent, type EmailFrame, type RenderedEmail } from './layout';
import { greeting, type OrderView, type PersonView } from './views';

/** E-mails of decision 018: a cancelled order, a refund, a revision request. */
const DASHBOARD = { label: 'Open your dashboard', path: '/dashboard' };
const ADMIN = { label: 'Open the admin panel', path: '/admin' };

const who = (customer: PersonView) => (customer.name ? `${customer.name} <${customer.email}>` : customer.email);

type Message = Pick<EmailContent, 'subject' | 'heading' | 'quote'>;

/** To the customer, about money refunded to their card: `refunded` says what happened; when it arrives follows. */
function refundedEmail(
  frame: EmailFrame,
  input: { firstName: string | null; order: OrderView; refundedPence: number },
  message: Message & { refunded: string },
): RenderedEmail {
  const { refunded, ...content } = message;
  return renderEmail(frame, {
    ...content,
    intro: [greeting(input.firstName), `${refunded} Refunds usually reach your account within 5 to 10 business days.`],
    details: [
      ['Order', input.order.id],
      ['Refunded', formatPence(input.refundedPence)],
    ],
    action: DASHBOARD,
  });
}

/** To the team, about what a customer did to an order: the customer and the order lead the details. */
function teamEmail(
  frame: EmailFrame,
  input: { customer: PersonView; order: OrderView },
  message: Message & { intro: string; details?: [label: string, value: string][] },
): RenderedEmail {
  const { intro, details = [], ...content } = message;
  return renderEmail(frame, {
    ...content,
    intro: [intro],
    details: [['Customer', who(input.customer)], ['Order', input.order.id], ...details],
    action: ADMIN,
  });
}

export function orderCancelledEmail(
  frame: EmailFrame,
  input: { firstName: string | null; order: OrderView; refundedPence: number },
): RenderedEmail {
  return refundedEmail(frame, input, {
    subject: `Order ${input.order.id} cancelled: ${formatPence(input.refundedPence)} refunded`,
    heading: 'Your order is cancelled',
    refunded: `As you asked, order ${input.order.id} is cancelled before any work started, and we have refunded ${formatPence(input.refundedPence)} to your card.`,
  });
}

export function orderCancelledTeamEmail(
  frame: EmailFrame,
  input: { customer: PersonView; order: OrderView; refundedPence: number },
): RenderedEmail {
  return teamEmail(frame, input, {
    subject: `Order ${input.order.id} cancelled by the customer`,
    heading: 'An order was cancelled',
    intro: `${who(input.customer)} cancelled order ${input.order.id} before work started; ${formatPence(input.refundedPence)} was refunded.`,
    details: [['Refunded', formatPence(input.refundedPence)]],
  });
}

export function refundIssuedEmail(
  frame: EmailFrame,
  input: { firstName: string | null; order: OrderView; amountPence: number; reason: string },
): RenderedEmail {
  return refundedEmail(frame, { ...input, refundedPence: input.amountPence }, {
    subject: `Refund of ${formatPence(input.amountPence)} for order ${input.order.id}`,
    heading: 'We have refunded you',
    refunded: `We have refunded ${formatPence(input.amountPence)} for order ${input.order.id} to your card.`,
    quote: { label: 'Reason', text: input.reason },
  });
}

export function revisionRequestedTeamEmail(
  frame: EmailFrame,
  input: { customer: PersonView; order: OrderView; message: string },
): RenderedEmail {
  return teamEmail(frame, input, {
    subject: `Revision requested for order ${input.order.id}`,
    heading: 'A customer asked for their free revision',
    intro: `${who(input.customer)} asked for a revision of order ${input.order.id}. It is at the top of the queue.`,
    quote: { label: 'What to change', text: input.message },
  });
}
