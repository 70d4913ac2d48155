/**
 * The looks of the public pages' sections and disclosures, apart from their components, so the islands of a
 * visitor's pages (decisions 049 and 071) draw the same markup without React.
 */
export const SECTION_CLASSES = {
  outer: 'scroll-mt-20',
  white: 'bg-white',
  muted: 'bg-slate-50',
  inner: 'mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16',
  title: 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl',
  body: 'mt-8',
} as const;

/** A disclosure (<details>); `compact` is the smaller kind in lists of help articles. */
export const DISCLOSURE_CLASSES = {
  details: { compact: 'group rounded-lg', full: 'group' },
  summary: 'flex cursor-pointer list-none justify-between font-medium text-slate-900 [&::-webkit-details-marker]:hidden',
  summarySize: {
    compact: 'items-start gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-100',
    full: 'items-center gap-4 rounded-xl px-5 py-4 text-left hover:bg-slate-50',
  },
  chevron: 'shrink-0 text-slate-600 transition-transform group-open:rotate-180',
  chevronSize: { compact: 'mt-0.5 h-4 w-4', full: 'h-5 w-5' },
  answer: { compact: 'px-3 pt-1 pb-3 text-sm leading-relaxed text-slate-700', full: 'px-5 pb-5 text-sm leading-relaxed text-slate-700' },
} as const;

/** The line under a help article's title in lists: its category and views. */
export const HELP_ARTICLE_META = 'text-xs font-normal text-slate-600';
