import type { StyleGuide, StyleGuideInput, StyleTermInput } from '@shared/style-guide.schema';

export const SELECT =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600 sm:text-sm';

/** Each row's labels: shown above its fields on a phone, read by screen readers only beside the column headings. */
export const ROW_LABEL = 'text-xs font-medium text-slate-700 sm:sr-only';

/** A row of the terms table: its values and a key that stays with it when rows above are removed. */
export interface TermRow extends Required<StyleTermInput> {
  key: number;
}

export interface Draft {
  spellingVariant: StyleGuideInput['spellingVariant'];
  terms: TermRow[];
  rules: string;
}

/** Messages by field path ("terms.0.term", "rules", "terms" for the list itself), from the shared schema's issues. */
export type Errors = Record<string, string>;

let nextKey = 0;
export const row = (term: Partial<StyleTermInput> = {}): TermRow => ({ key: nextKey++, term: term.term ?? '', kind: term.kind ?? 'banned', replacement: term.replacement ?? '' });

export const draftOf = (guide: StyleGuide): Draft => ({ spellingVariant: guide.spellingVariant, terms: guide.terms.map((t) => row(t)), rules: guide.rules });

export const inputOf = (draft: Draft): StyleGuideInput => ({
  spellingVariant: draft.spellingVariant,
  terms: draft.terms.map(({ term, kind, replacement }) => ({ term, kind, replacement })),
  rules: draft.rules,
});

export const sameInput = (a: Draft, b: Draft) => JSON.stringify(inputOf(a)) === JSON.stringify(inputOf(b));
