import { tierLabel } from '../../../shared/service-tiers';
import { formatLondonDateTime } from '../format';
import { MESSAGE_DIGEST_MINUTES } from '../message-digest';
import { renderEmail, type EmailFrame, type RenderedEmail } from './layout';
import { dueText, orderDetails, type OrderView, type PersonView } from './views';

const ADMIN = { label: 'Open the admin panel', path: '/admin' };

function customerLine(customer: PersonView): string {
  return customer.name ? `${customer.name} <${customer.email}>` : customer.email;
}

export function newPaidSubmissionEmail(
  frame: EmailFrame,
  { customer, order }: { customer: PersonView; order: OrderView },
): RenderedEmail {
  return renderEmail(frame, {
    subject: `New paid submission ${order.id}: ${order.wordCount.toLocaleString('en-GB')} words`,
    heading: 'A new paid submission is waiting',
    intro: [`${customerLine(customer)} has paid for a review.`],
    details: [['Customer', customerLine(customer)], ['Title', order.title], ...orderDetails(order)],
    action: ADMIN,
  });
}

export function customerMessageEmail(
  frame: EmailFrame,
  input: { customer: PersonView; order: OrderView; message: string; hasAttachment: boolean },
): RenderedEmail {
  const { customer, order, message, hasAttachment } = input;
  const who = customer.name || customer.email;
  return renderEmail(frame, {
    subject: `New message from ${who} about order ${order.id}`,
    heading: 'A customer sent a message',
    intro: [`${customerLine(customer)} wrote about order ${order.id}.`],
    quote: { label: 'Message', text: message },
    details: [
      ['Customer', customerLine(customer)],
      ['Order', order.id],
      ['Service', tierLabel(order.serviceTier)],
    ],
    action: { label: 'Reply from the admin panel', path: '/admin' },
    outro: hasAttachment ? ['The message has an attachment: open it from the admin panel.'] : [],
  });
}

/** How many messages one digest quotes; the thread in the admin panel has them all. */
const DIGEST_QUOTED = 20;

/** To the team: several messages from one customer about one order, in one e-mail (decision 054). */
export function customerMessagesEmail(
  frame: EmailFrame,
  input: { customer: PersonView; order: OrderView; messages: { content: string; createdAt: Date; attachmentUrl: string | null }[] },
): RenderedEmail {
  const { customer, order, messages } = input;
  const who = customer.name || customer.email;
  const quoted = messages.slice(-DIGEST_QUOTED);
  const left = messages.length - quoted.length;
  const attachments = messages.filter((m) => m.attachmentUrl).length;
  return renderEmail(frame, {
    subject: `${messages.length} new messages from ${who} about order ${order.id}`,
    heading: 'A customer sent several messages',
    intro: [
      `${customerLine(customer)} wrote ${messages.length} messages about order ${order.id} since ${formatLondonDateTime(messages[0]!.createdAt)} (UK time).`,
      ...(left > 0 ? [`The latest ${quoted.length} are below; read the first ${left} in the admin panel.`] : []),
    ],
    quote: { label: 'Messages', text: quoted.map((m) => `${formatLondonDateTime(m.createdAt)}:\n${m.content.trim()}`).join('\n\n') },
    details: [
      ['Customer', customerLine(customer)],
      ['Order', order.id],
      ['Service', tierLabel(order.serviceTier)],
    ],
    action: { label: 'Reply from the admin panel', path: '/admin' },
    outro: [
      ...(attachments > 0 ? [`${attachments === 1 ? 'One message has' : `${attachments} messages have`} an attachment: open them from the admin panel.`] : []),
      `Messages about one order are collected: at most one e-mail per order in each ${MESSAGE_DIGEST_MINUTES}-minute window.`,
    ],
  });
}

export interface ContactView {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function contactMessageEmail(frame: EmailFrame, contact: ContactView): RenderedEmail {
  const subject = contact.subject.trim() || '(no subject)';
  return renderEmail(frame, {
    subject: `Contact form: ${subject}`,
    heading: 'A new contact-form message',
    intro: ['Someone wrote through the contact page. Reply to this e-mail to answer them.'],
    details: [
      ['Name', contact.name.trim() || '(not given)'],
      ['E-mail', contact.email.trim() || '(not given)'],
      ['Subject', subject],
    ],
    quote: { label: 'Message', text: contact.message.trim() || '(empty)' },
  });
}

/** To the claimant and the team: an unfinished order is due within 4 hours (issue 14, decision 022). */
export function dueSoonEmail(
  frame: EmailFrame,
  input: { order: OrderView; status: string; claimant: string | null; hoursLeft: number },
): RenderedEmail {
  const { order, status, claimant, hoursLeft } = input;
  return renderEmail(frame, {
    subject: `Due within ${hoursLeft} hours: order ${order.id}`,
    heading: `Order ${order.id} is due within ${hoursLeft} hours`,
    intro: [
      `It is due by ${dueText(order)} (UK time) and is not completed yet.`,
      claimant ? `It is claimed by ${claimant}.` : 'Nobody has claimed it yet.',
    ],
    details: [['Title', order.title], ['Status', status], ...orderDetails(order)],
    action: ADMIN,
  });
}
