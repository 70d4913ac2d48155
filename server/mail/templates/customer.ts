import { BRAND } from '../../../shared/brand';
import { tierLabel } from '../../../shared/service-tiers';
import { renderEmail, type EmailFrame, type RenderedEmail } from './layout';
import { dueText, greeting, orderDetails, type OrderView } from './views';

export interface CustomerOrderInput {
  firstName: string | null;
  order: OrderView;
}

const DASHBOARD = { label: 'Open your dashboard', path: '/dashboard' };

export function paymentReceivedEmail(frame: EmailFrame, { firstName, order }: CustomerOrderInput): RenderedEmail {
  return renderEmail(frame, {
    subject: `Payment received: order ${order.id} is in the queue`,
    heading: 'Thank you: your order is in',
    intro: [
      greeting(firstName),
      `We have received your payment and your content is now waiting for a ${BRAND.name} reviewer. We will e-mail you when the review starts and again when it is ready.`,
    ],
    details: orderDetails(order),
    action: DASHBOARD,
    outro: ['You can follow your order and message the team from your dashboard at any time.'],
  });
}

export function reviewStartedEmail(frame: EmailFrame, { firstName, order }: CustomerOrderInput): RenderedEmail {
  return renderEmail(frame, {
    subject: `Your review has started: order ${order.id}`,
    heading: 'A reviewer is working on your content',
    intro: [
      greeting(firstName),
      `A ${BRAND.name} reviewer has started on your ${tierLabel(order.serviceTier)} order. It is due by ${dueText(order)} (UK time).`,
    ],
    details: [
      ['Order', order.id],
      ['Words', order.wordCount.toLocaleString('en-GB')],
    ],
    action: DASHBOARD,
  });
}

export function reviewCompletedEmail(frame: EmailFrame, { firstName, order }: CustomerOrderInput): RenderedEmail {
  return renderEmail(frame, {
    subject: `Your review is ready: order ${order.id}`,
    heading: 'Your reviewed content is ready',
    intro: [
      greeting(firstName),
      `The review of your ${tierLabel(order.serviceTier)} order is complete. Your reviewed content and the reviewer's notes are waiting in your dashboard.`,
    ],
    details: [
      ['Order', order.id],
      ['Words', order.wordCount.toLocaleString('en-GB')],
    ],
    action: { label: 'View your review', path: '/dashboard' },
    outro: ['Questions about the result? Reply from your dashboard and the reviewer will see it.'],
  });
}

export interface TeamMessageInput extends CustomerOrderInput {
  message: string;
  hasAttachment: boolean;
}

export function teamMessageEmail(frame: EmailFrame, input: TeamMessageInput): RenderedEmail {
  const { firstName, order, message, hasAttachment } = input;
  return renderEmail(frame, {
    subject: `New message from the ${BRAND.name} team about order ${order.id}`,
    heading: 'You have a new message',
    intro: [greeting(firstName), `The ${BRAND.name} team sent you a message about order ${order.id}.`],
    quote: { label: 'Message', text: message },
    action: { label: 'Reply from your dashboard', path: '/dashboard' },
    outro: hasAttachment ? ['The message has an attachment: open it from your dashboard.'] : [],
  });
}
