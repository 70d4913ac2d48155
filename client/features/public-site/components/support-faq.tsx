import { CATEGORY_LABELS } from '@shared/categories';
import { FAST_FEE, FAST_HOURS, MINIMUM_CHARGE, ratesInWords, STANDARD_DAYS } from './pricing-facts';
import type { FaqItem } from './faq-list';

const contentTypes = Object.values(CATEGORY_LABELS).map((l) => l.toLowerCase());

/** The answers support gives most often (contact page FAQ); every figure comes from the shared tables. */
export const SUPPORT_FAQ: readonly FaqItem[] = [
  {
    question: 'How long does a review take?',
    answer: `Standard reviews are delivered within ${STANDARD_DAYS} of payment. With fast turnaround (${FAST_FEE}) your content comes back within ${FAST_HOURS} hours. Your dashboard shows the due date as soon as payment is confirmed.`,
  },
  {
    question: 'What types of content do you review?',
    answer: `Almost anything written in English: ${contentTypes.slice(0, -1).join(', ')} and ${contentTypes.at(-1)} content. Each order can be up to 3,000 words; for longer documents, e-mail us and we will split the work sensibly.`,
  },
  {
    question: 'How much does it cost?',
    answer: `You pay per word of your original text: ${ratesInWords()} per word. Every order has a ${MINIMUM_CHARGE} minimum charge, and fast turnaround adds ${FAST_FEE}. The order form shows the exact total before you pay.`,
  },
  {
    question: 'Can I ask for a revision?',
    answer:
      'Yes. Every order includes one free revision, which you can request within 7 days of delivery by messaging your reviewer from the dashboard. Revisions are usually completed within 1-2 business days.',
  },
];
