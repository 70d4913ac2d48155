import { FAST_FEE, FAST_HOURS, MINIMUM_CHARGE, ratesInWords, STANDARD_DAYS } from './components/pricing-facts';

export const HELP_CATEGORIES = [
  { id: 'getting-started', label: 'Getting started', blurb: 'Placing your first order, step by step.' },
  { id: 'pricing-billing', label: 'Pricing & billing', blurb: 'Prices, payments, receipts and refunds.' },
  { id: 'review-process', label: 'Review process', blurb: 'What our reviewers do and when you hear back.' },
  { id: 'account-settings', label: 'Account & settings', blurb: 'Signing in, your profile and notifications.' },
] as const;

export type HelpCategoryId = (typeof HELP_CATEGORIES)[number]['id'];

export interface HelpArticle {
  id: string;
  title: string;
  category: HelpCategoryId;
  /** Shown in "Popular articles". */
  views: number;
  answer: string;
}

/** The help center's articles. Figures come from the shared price table through pricing-facts. */
export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'api',
    title: 'Can I send content from my own pipeline (API)?',
    category: 'account-settings',
    views: 640,
    answer:
      'Yes. Create an API key in Settings → API keys, buy prepaid credit there (£50, £200 or £1,000), and send drafts to the HumanProof API; orders are paid from credit at the same price as the form. Register a webhook to hear when a review is done. The API documentation, with signature verification examples in TypeScript and Python, is at /docs/api.',
  },
  {
    id: 'first-order',
    title: 'How to submit your first piece of content',
    category: 'getting-started',
    views: 2847,
    answer:
      'Choose "Check now", paste your text or upload a .txt, .docx or .pdf file, then pick a service level and a category. Add your tone, audience and any instructions, enter your contact details and continue to payment. You will be asked to sign in or create an account before paying.',
  },
  {
    id: 'choose-tier',
    title: 'Which service level should I choose?',
    category: 'getting-started',
    views: 1932,
    answer:
      'Fact checked suits content you are happy with but need to be accurate. Polished adds grammar, flow and the removal of AI-isms, and is our most popular choice. Rewritten is for drafts that need a copywriter to rework every sentence, add SEO keywords and bring in original insight.',
  },
  {
    id: 'file-types',
    title: 'Which file types and lengths can I upload?',
    category: 'getting-started',
    views: 1204,
    answer:
      'You can paste text or upload .txt, .docx and .pdf files of up to 10 MB. Each order can contain up to 3,000 words; we read the text out of your file and show a preview before you pay.',
  },
  {
    id: 'pricing',
    title: 'How is my price calculated?',
    category: 'pricing-billing',
    views: 2391,
    answer: `You pay per word of your original text: ${ratesInWords()}. Fast turnaround adds ${FAST_FEE}, and every order costs at least ${MINIMUM_CHARGE}. The order form shows the exact total before you pay and that is the amount charged, and your order details show how it was reached (words × price per word). We count words as a reader sees them: anything separated by spaces is one word, and so are a hyphenated or shortened word (well-known, don't), a number or date (1,000.50, 31/01/2025), a web address or an e-mail address. When three or more words are joined by punctuation or symbols instead of spaces (word/word/word, word·word·word, word_word_word), each of them counts, because our reviewer still reads every one; a very long unbroken string counts one word per 50 characters.`,
  },
  {
    id: 'payment-methods',
    title: 'How do I pay, and when am I charged?',
    category: 'pricing-billing',
    views: 987,
    answer:
      'You pay in full by debit or credit card when you place the order, through our secure card payment provider. We never see or store your card number. Work starts once payment is confirmed.',
  },
  {
    id: 'refunds',
    title: 'Can I get a refund?',
    category: 'pricing-billing',
    views: 1516,
    answer:
      'Yes: you can ask for a full refund within 24 hours of submitting your order, as long as a reviewer has not started work on it. Contact support with your submission id and we will refund the card you paid with.',
  },
  {
    id: 'turnaround',
    title: 'How long does a review take?',
    category: 'review-process',
    views: 3108,
    answer: `Standard reviews are delivered within ${STANDARD_DAYS} of payment. With fast turnaround your content comes back within ${FAST_HOURS} hours. Your dashboard shows the due date for every order.`,
  },
  {
    id: 'statuses',
    title: 'What do the order statuses mean?',
    category: 'review-process',
    views: 1175,
    answer:
      'New means the order is waiting for payment. Paid means it is in the queue for a reviewer. In review means a copywriter is working on it. Completed means your reviewed content is ready to read and download from your dashboard.',
  },
  {
    id: 'revisions',
    title: 'How do I request a revision?',
    category: 'review-process',
    views: 1648,
    answer:
      'Every order includes one free revision. Within 7 days of delivery, open the order in your dashboard and message your reviewer with what you would like changed. Revisions are usually completed within 1-2 business days.',
  },
  {
    id: 'create-account',
    title: 'Creating an account and signing in',
    category: 'account-settings',
    views: 842,
    answer:
      'Choose "Login" at the top of any page, then "Create new account". You can fill in the order form before signing in: your content is kept in your browser and the order is created as soon as you have signed in.',
  },
  {
    id: 'update-profile',
    title: 'Updating your name and profile',
    category: 'account-settings',
    views: 516,
    answer:
      'Open Settings from the account menu and choose "Edit Profile" to change your first and last name. Your e-mail address is linked to how you sign in, so it cannot be changed there; contact support if you need to move your account.',
  },
  {
    id: 'notifications',
    title: 'Which e-mails will I receive?',
    category: 'account-settings',
    views: 703,
    answer:
      'We e-mail you when your payment is received, when a reviewer starts work, when your review is complete and when the team sends you a message. These updates are part of the service and are always on.',
  },
];

export const POPULAR_ARTICLES = [...HELP_ARTICLES].sort((a, b) => b.views - a.views).slice(0, 5);

export function helpCategoryLabel(id: HelpCategoryId): string {
  return HELP_CATEGORIES.find((c) => c.id === id)!.label;
}

/** Articles whose title, answer or category contains every word of the query (case-insensitive). */
export function searchHelpArticles(query: string): readonly HelpArticle[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return HELP_ARTICLES;
  return HELP_ARTICLES.filter((a) => {
    const haystack = `${a.title} ${a.answer} ${helpCategoryLabel(a.category)}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

/** What the search says above its results (the page and its island, help-center-island.ts). */
export function helpResultsText(query: string, count: number): string {
  const q = query.trim();
  return count === 0
    ? `No articles match "${q}". Try another word, or contact our support team.`
    : `${count} ${count === 1 ? 'article matches' : 'articles match'} "${q}".`;
}

/** The ids the help center's search and its results carry, for its island (help-center-island.ts). */
export const HELP_SEARCH_ISLAND = 'help-search';
export const HELP_RESULTS_ID = 'help-results';
export const HELP_RESULTS_LIST = 'max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200';
