import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';
import { ENGLISH_VARIANTS } from './categories';

// ---------------------------------------------------------------------------------------------
// A house style the team enforces (issue 27, part 4; decision 046): an organisation's (or a lone account's) preferred
// and banned terms, spelling variant and free-text rules. The workspace's language checks apply the terms as findings
// of the "House style" category. GET/PUT /api/style-guide (Settings) and /api/v1/style-guide (an API key).
// ---------------------------------------------------------------------------------------------

export const MAX_STYLE_TERMS = 500;
export const MAX_STYLE_TERM_CHARACTERS = 100;
export const MAX_STYLE_RULES_CHARACTERS = 5_000;
/** Rules longer than this many characters (or lines) start collapsed in the workspace. */
export const STYLE_RULES_COLLAPSED_OVER = { characters: 400, lines: 6 } as const;

export const STYLE_TERM_KINDS = ['preferred', 'banned'] as const;
export type StyleTermKind = (typeof STYLE_TERM_KINDS)[number];
export const STYLE_TERM_KIND_LABELS: Record<StyleTermKind, string> = { preferred: 'Preferred', banned: 'Banned' };

export const STYLE_GUIDE_MESSAGES = {
  term: `Each term needs 1 to ${MAX_STYLE_TERM_CHARACTERS} characters`,
  termControl: 'A term cannot contain line breaks, tabs or other control characters',
  kind: 'Each term is preferred or banned',
  replacement: `A banned term needs a replacement of 1 to ${MAX_STYLE_TERM_CHARACTERS} characters`,
  replacementControl: 'A replacement cannot contain line breaks, tabs or other control characters',
  replacementSameAsTerm: (term: string) =>
    `The replacement of “${term}” is the same word: make “${term}” a preferred term in the form to use instead`,
  preferredHasNoReplacement: (term: string) =>
    `“${term}” is preferred, so it has no replacement: add the form it replaces as a banned term instead`,
  duplicate: (term: string) => `“${term}” is listed more than once (terms are matched whatever their case)`,
  tooManyTerms: `A house style can have at most ${MAX_STYLE_TERMS.toLocaleString('en-GB')} terms`,
  terms: 'Send the terms as a list (it may be empty)',
  rules: `Rules can be at most ${MAX_STYLE_RULES_CHARACTERS.toLocaleString('en-GB')} characters`,
  rulesControl: 'Rules cannot contain control characters other than line breaks and tabs',
  spellingVariant: 'The spelling variant is british, american or null (each order keeps its own)',
  memberCannotEdit: (organisationName: string) =>
    `Only an owner of ${organisationName} can change its house style. Ask an owner, or read it here.`,
  saved: 'House style saved.',
  saveFailed: 'The house style could not be saved.',
} as const;

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: never in a term.
// eslint-disable-next-line no-control-regex
const TERM_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
// Rules are prose: line breaks and tabs are fine, other control characters are not.
// eslint-disable-next-line no-control-regex
const RULES_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/** The key two terms are the same under (the matcher's: composed form, lower case, spaces as one). */
export function styleTermKey(term: string): string {
  return term.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

const text = (message: string, control: string) =>
  z
    .string({ error: message })
    .refine((v) => !TERM_CONTROL.test(v), control)
    .transform((v) => v.replace(/\s+/gu, ' ').trim())
    .pipe(z.string().max(MAX_STYLE_TERM_CHARACTERS, message));

export const styleTermSchema = z
  .object({
    /** The word or phrase, matched as a whole (case-insensitive). Spaces inside are collapsed to one. */
    term: text(STYLE_GUIDE_MESSAGES.term, STYLE_GUIDE_MESSAGES.termControl).pipe(z.string().min(1, STYLE_GUIDE_MESSAGES.term)),
    /** preferred: the exact form to use; banned: never use it, write `replacement` instead. */
    kind: z.enum(STYLE_TERM_KINDS, { error: STYLE_GUIDE_MESSAGES.kind }),
    /** What a banned term becomes; empty for a preferred term. */
    replacement: text(STYLE_GUIDE_MESSAGES.replacement, STYLE_GUIDE_MESSAGES.replacementControl).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'banned' && value.replacement === '') {
      ctx.addIssue({ code: 'custom', path: ['replacement'], message: STYLE_GUIDE_MESSAGES.replacement });
    } else if (value.kind === 'banned' && styleTermKey(value.replacement) === styleTermKey(value.term)) {
      ctx.addIssue({ code: 'custom', path: ['replacement'], message: STYLE_GUIDE_MESSAGES.replacementSameAsTerm(value.term) });
    } else if (value.kind === 'preferred' && value.replacement !== '') {
      ctx.addIssue({ code: 'custom', path: ['replacement'], message: STYLE_GUIDE_MESSAGES.preferredHasNoReplacement(value.term) });
    }
  })
  .meta({ id: 'StyleTerm' });
export type StyleTerm = z.infer<typeof styleTermSchema>;
export type StyleTermInput = z.input<typeof styleTermSchema>;

/** PUT /api/style-guide and /api/v1/style-guide: the whole guide, replacing what was there. */
export const styleGuideInputSchema = z
  .object({
    spellingVariant: z.enum(ENGLISH_VARIANTS, { error: STYLE_GUIDE_MESSAGES.spellingVariant }).nullable().default(null),
    terms: z.array(styleTermSchema, { error: STYLE_GUIDE_MESSAGES.terms }).max(MAX_STYLE_TERMS, STYLE_GUIDE_MESSAGES.tooManyTerms),
    rules: z
      .string({ error: STYLE_GUIDE_MESSAGES.rules })
      .max(MAX_STYLE_RULES_CHARACTERS, STYLE_GUIDE_MESSAGES.rules)
      .refine((v) => !RULES_CONTROL.test(v), STYLE_GUIDE_MESSAGES.rulesControl)
      .transform((v) => v.trim())
      .default(''),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.terms.forEach((term, i) => {
      const key = styleTermKey(term.term);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['terms', i, 'term'], message: STYLE_GUIDE_MESSAGES.duplicate(term.term) });
      seen.add(key);
    });
  })
  .meta({ id: 'StyleGuideInput' });
export type StyleGuideInput = z.input<typeof styleGuideInputSchema>;
export type StyleGuideData = z.output<typeof styleGuideInputSchema>;

export const STYLE_GUIDE_OWNERS = ['organisation', 'account'] as const;

/** GET (and PUT's answer): the guide that applies to the caller's orders, and whether the caller may change it. */
export const styleGuideSchema = z
  .object({
    /** Whose guide: the caller's organisation's, or the caller's own (a lone account). */
    owner: z.enum(STYLE_GUIDE_OWNERS),
    organisationName: z.string().nullable(),
    /** Owners of an organisation and lone accounts edit; members read. */
    canEdit: z.boolean(),
    spellingVariant: z.enum(ENGLISH_VARIANTS).nullable(),
    terms: z.array(
      z.object({ term: z.string(), kind: z.enum(STYLE_TERM_KINDS), replacement: z.string() }),
    ),
    rules: z.string(),
    /** null until the guide is first saved. */
    updatedAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'StyleGuide' });
export type StyleGuide = z.infer<typeof styleGuideSchema>;

/** GET /api/admin/submissions/:id/style-guide: the house style the workspace applies to an order (null: none). */
export const orderHouseStyleSchema = z.object({
  houseStyle: z
    .object({
      owner: z.enum(STYLE_GUIDE_OWNERS),
      spellingVariant: z.enum(ENGLISH_VARIANTS).nullable(),
      rules: z.string(),
      termCount: z.number().int().min(0),
    })
    .nullable(),
});
export type OrderHouseStyle = z.infer<typeof orderHouseStyleSchema>;
