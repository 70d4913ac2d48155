import { BRAND } from '../../../shared/brand';
import { tierLabel } from '../../../shared/service-tiers';
import { NO_CHECKABLE_CLAIMS_LABEL, VERDICT_LABELS, VERDICTS, type Verdict } from '../../../shared/fact-check.schema';
import { lateDeliveryText } from '../../../shared/on-time-guarantee';
import { REVIEWER_PREFERENCE_EMAIL_LINE } from '../../../shared/reviewer-preferences.schema';
import type { LateDeliveryFacts } from '../../../shared/on-time-guarantee.schema';
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

/** What the review delivered: words changed and claims checked per verdict (issue 12). */
export interface DeliverySummary {
  wordsChanged: number;
  claims: Record<Verdict, number>;
  noCheckableClaims: boolean;
}

function deliveryDetails(delivery: DeliverySummary | undefined): [string, string][] {
  if (!delivery) return [];
  const total = VERDICTS.reduce((sum, v) => sum + delivery.claims[v], 0);
  const claimsLine =
    total === 0 && delivery.noCheckableClaims ? `0 (${NO_CHECKABLE_CLAIMS_LABEL.toLowerCase()})` : total.toLocaleString('en-GB');
  return [
    ['Words changed', delivery.wordsChanged.toLocaleString('en-GB')],
    ['Claims checked', claimsLine],
    ...VERDICTS.map((v): [string, string] => [`Claims ${VERDICT_LABELS[v]}`, delivery.claims[v].toLocaleString('en-GB')]),
  ];
}

export function reviewCompletedEmail(
  frame: EmailFrame,
  { firstName, order, delivery, lateDelivery }: CustomerOrderInput & { delivery?: DeliverySummary; lateDelivery?: LateDeliveryFacts },
): RenderedEmail {
  return renderEmail(frame, {
    subject: `Your review is ready: order ${order.id}`,
    heading: 'Your reviewed content is ready',
    intro: [
      greeting(firstName),
      `The review of your ${tierLabel(order.serviceTier)} order is complete. Your reviewed content with every change marked, the fact-check report and the reviewer's notes are waiting in your dashboard.`,
      // The on-time guarantee (decision 068): a late delivery says what it refunded.
      ...(lateDelivery ? [lateDeliveryText(lateDelivery)] : []),
    ],
    details: [
      ['Order', order.id],
      ['Words', order.wordCount.toLocaleString('en-GB')],
      ...deliveryDetails(delivery),
    ],
    action: { label: 'View your review', path: '/dashboard' },
    outro: ['Questions about the result? Reply from your dashboard and the reviewer will see it.', REVIEWER_PREFERENCE_EMAIL_LINE],
  });
}

/** An audit of the customer's delivery closed (decision 068): it stands, or a corrected version is delivered. */
export function orderAuditedEmail(
  frame: EmailFrame,
  { firstName, order, outcome, notes }: CustomerOrderInput & { outcome: 'passed' | 'corrected'; notes: string },
): RenderedEmail {
  const corrected = outcome === 'corrected';
  return renderEmail(frame, {
    subject: corrected ? `A corrected review is ready: order ${order.id}` : `We checked your review again: order ${order.id}`,
    heading: corrected ? 'We corrected your review' : 'Your review was checked again',
    intro: [
      greeting(firstName),
      corrected
        ? `A second ${BRAND.name} reviewer audited the review of order ${order.id} and corrected it. The corrected version, with its own certificate, is in your dashboard; the previous certificate is revoked as corrected after audit.`
        : `A second ${BRAND.name} reviewer audited the review of order ${order.id} and found that it stands as delivered.`,
    ],
    quote: { label: 'What the audit found', text: notes },
    action: { label: 'Open your dashboard', path: '/dashboard' },
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
