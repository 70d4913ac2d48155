import { FINDING_CATEGORIES } from './language-checks.schema';
import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';
import { isHttpUrl } from './http-url';

// ---------------------------------------------------------------------------------------------
// The fact-check report (issue 12): claims quoted from the customer's original text, one row each.
// ---------------------------------------------------------------------------------------------
export const VERDICTS = ['supported', 'corrected', 'unsupported', 'opinion'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_LABELS: Record<Verdict, string> = {
  supported: 'supported',
  corrected: 'corrected',
  unsupported: 'unsupported',
  opinion: 'opinion — not checkable',
};

/** What each verdict means, for the reviewer's picker and the customer's report. */
export const VERDICT_HINTS: Record<Verdict, string> = {
  supported: 'The sources confirm the claim as written.',
  corrected: 'The claim was wrong; the reviewed text corrects it.',
  unsupported: 'No reliable source confirms the claim.',
  opinion: 'A view or judgement, not a fact a source can confirm.',
};

/** Verdicts that rest on a source: the reviewer must name at least one. */
export const VERDICTS_NEEDING_SOURCES: readonly Verdict[] = ['supported', 'corrected'];

export const MAX_CLAIMS_PER_SUBMISSION = 100;
export const MAX_SOURCES_PER_CLAIM = 5;
export const MAX_SOURCE_URL_CHARACTERS = 2000;
export const MAX_PASSAGE_CHARACTERS = 2000;
export const MAX_CLAIM_NOTE_CHARACTERS = 1000;
export const NO_CHECKABLE_CLAIMS_LABEL = 'No checkable claims';
export const AUTHOR_NAME = 'HumanProof review team';

export const FACT_CHECK_MESSAGES = {
  verdict: `Verdict must be one of: ${VERDICTS.join(', ')}`,
  passage: 'Select the passage of the original text that makes the claim',
  passageMismatch: 'The passage does not match the original text at that place',
  passageTooLong: `A passage can be at most ${MAX_PASSAGE_CHARACTERS.toLocaleString('en-GB')} characters`,
  sourceUrl: 'Each source must be a full http:// or https:// address',
  sourcesNeeded: 'Add at least one source for a supported or corrected claim',
  tooManySources: `At most ${MAX_SOURCES_PER_CLAIM} sources per claim`,
  noteTooLong: `The note can be at most ${MAX_CLAIM_NOTE_CHARACTERS.toLocaleString('en-GB')} characters`,
  noteNeeded: 'Say in the note what was corrected',
  noteInvalid: 'The note contains a character that cannot be stored',
  tooManyClaims: `A report can hold at most ${MAX_CLAIMS_PER_SUBMISSION} claims`,
  claimNotFound: 'Claim not found',
  reportNeeded: `A fact-checked order needs at least one claim, or "${NO_CHECKABLE_CLAIMS_LABEL}", before it is completed`,
  reviewNotReady: 'The review is not ready yet',
  noReviewedText: 'This review has no reviewed text to compare',
} as const;

export const claimInputSchema = z
  .object({
    passage: z
      .string({ error: FACT_CHECK_MESSAGES.passage })
      .max(MAX_PASSAGE_CHARACTERS, FACT_CHECK_MESSAGES.passageTooLong)
      .refine((v) => v.trim() !== '', FACT_CHECK_MESSAGES.passage),
    /** UTF-16 offsets into the original content, as JavaScript's String#slice counts them. */
    passageStart: z.number({ error: FACT_CHECK_MESSAGES.passage }).int().min(0),
    passageEnd: z.number({ error: FACT_CHECK_MESSAGES.passage }).int().min(1),
    verdict: z.enum(VERDICTS, { error: FACT_CHECK_MESSAGES.verdict }),
    sources: z
      .array(
        z
          .string({ error: FACT_CHECK_MESSAGES.sourceUrl })
          .trim()
          .max(MAX_SOURCE_URL_CHARACTERS, FACT_CHECK_MESSAGES.sourceUrl)
          .refine(isHttpUrl, FACT_CHECK_MESSAGES.sourceUrl)
          // Stored as the parser spells it: control characters and spaces escaped, host lower-cased.
          .transform((v) => new URL(v).href),
        { error: FACT_CHECK_MESSAGES.sourceUrl },
      )
      .max(MAX_SOURCES_PER_CLAIM, FACT_CHECK_MESSAGES.tooManySources)
      .default([]),
    note: z
      .string()
      .trim()
      .max(MAX_CLAIM_NOTE_CHARACTERS, FACT_CHECK_MESSAGES.noteTooLong)
      .refine((v) => !v.includes('\u0000'), FACT_CHECK_MESSAGES.noteInvalid)
      .nullish()
      .transform((v) => v ?? ''),
  })
  .superRefine((value, ctx) => {
    if (value.passageEnd <= value.passageStart || value.passageEnd - value.passageStart !== value.passage.length) {
      ctx.addIssue({ code: 'custom', path: ['passage'], message: FACT_CHECK_MESSAGES.passageMismatch });
    }
    if (VERDICTS_NEEDING_SOURCES.includes(value.verdict) && value.sources.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['sources'], message: FACT_CHECK_MESSAGES.sourcesNeeded });
    }
    if (value.verdict === 'corrected' && value.note === '') {
      ctx.addIssue({ code: 'custom', path: ['note'], message: FACT_CHECK_MESSAGES.noteNeeded });
    }
  });
export type ClaimInput = z.input<typeof claimInputSchema>;
export type ClaimData = z.output<typeof claimInputSchema>;

/** A checked claim as its report shows it: the passage (and its span in the original text), verdict, sources, note. */
export const checkedClaimSchema = z.object({
  passage: z.string(),
  passageStart: z.number().int(),
  passageEnd: z.number().int(),
  verdict: z.enum(VERDICTS),
  sources: z.array(z.string()),
  note: z.string(),
});

export const claimSchema = z.object({
  id: z.string(),
  ...checkedClaimSchema.shape,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Claim = z.infer<typeof claimSchema>;
/** GET /api/admin/submissions/:id/claims, in the order of the text. */
export const claimListSchema = z.array(claimSchema);

/** GET /api/submissions/:id/fact-check and the admin's list: the report as the customer receives it. */
export const factCheckReportSchema = z.object({
  submissionId: z.string(),
  noCheckableClaims: z.boolean(),
  claims: z.array(claimSchema),
  counts: z.record(z.enum(VERDICTS), z.number().int()),
  /** Language findings the reviewer fixed in the delivered text, per category (issue 23): spelling, AI tells... */
  languageFixes: z.partialRecord(z.enum(FINDING_CATEGORIES), z.number().int().min(0)),
  /** House style findings applied (accepted) in the delivery, when a house style applies to the order; else null (decision 046). */
  houseStyleApplied: z.number().int().min(0).nullable(),
});
/** The report's line on the house style: "House style: 3 applied". */
export const houseStyleAppliedLine = (applied: number) => `House style: ${applied} applied`;
export type FactCheckReport = z.infer<typeof factCheckReportSchema>;

export function countVerdicts(claims: readonly Pick<Claim, 'verdict'>[]): Record<Verdict, number> {
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const claim of claims) counts[claim.verdict] += 1;
  return counts;
}

/** Whether a passage's offsets still point at its text (false if the original changed or they were forged). */
export function passageMatches(content: string, claim: Pick<ClaimData, 'passage' | 'passageStart' | 'passageEnd'>): boolean {
  if (claim.passageStart < 0 || claim.passageEnd > content.length || claim.passageEnd <= claim.passageStart) return false;
  if (content.slice(claim.passageStart, claim.passageEnd) !== claim.passage) return false;
  // An offset inside a surrogate pair would quote half a character.
  const splits = (i: number) => i > 0 && i < content.length && /[\uDC00-\uDFFF]/.test(content[i]!) && /[\uD800-\uDBFF]/.test(content[i - 1]!);
  return !splits(claim.passageStart) && !splits(claim.passageEnd);
}

/** The spec's "fact-checked" tier must deliver a report: one claim at least, or the statement that there are none. */
export function factCheckReady(input: { serviceTier: string; claimCount: number; noCheckableClaims: boolean }): boolean {
  if (input.serviceTier !== 'fact-checked') return true;
  return input.claimCount > 0 || input.noCheckableClaims;
}

/** A passage with some of the text around it, cut at word boundaries, for the report. */
export function passageContext(
  content: string,
  claim: Pick<Claim, 'passageStart' | 'passageEnd'>,
  around = 80,
): { before: string; passage: string; after: string } {
  let from = Math.max(0, claim.passageStart - around);
  let to = Math.min(content.length, claim.passageEnd + around);
  if (from > 0) {
    const space = content.slice(from, claim.passageStart).search(/\s/);
    if (space >= 0) from += space + 1;
  }
  if (to < content.length) {
    const tail = content.slice(claim.passageEnd, to);
    const space = tail.search(/\s\S*$/);
    if (space >= 0) to = claim.passageEnd + space;
  }
  return {
    before: (from > 0 ? '…' : '') + content.slice(from, claim.passageStart),
    passage: content.slice(claim.passageStart, claim.passageEnd),
    after: content.slice(claim.passageEnd, to) + (to < content.length ? '…' : ''),
  };
}

export const noCheckableClaimsSchema = z.boolean({ error: 'noCheckableClaims must be true or false' });

/** Download names (decision 015, Downloads). */
export const deliveryFileNames = (id: string) => ({
  text: `${id}-reviewed.txt`,
  word: `${id}-reviewed.docx`,
  report: `${id}-fact-check.pdf`,
});

export const deliveryPaths = (id: string) => {
  const base = `/api/submissions/${encodeURIComponent(id)}`;
  return { text: `${base}/reviewed.txt`, word: `${base}/reviewed.docx`, report: `${base}/fact-check.pdf`, reportJson: `${base}/fact-check` };
};
