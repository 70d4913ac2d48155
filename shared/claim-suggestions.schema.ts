import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Suggested claims (issue 23): the sentences of an order's text worth fact-checking, found when it is paid.
// ---------------------------------------------------------------------------------------------

export const CLAIM_KINDS = ['number', 'date', 'entity', 'superlative', 'quote', 'citation'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  number: 'Number',
  date: 'Date',
  entity: 'Named entity',
  superlative: 'Superlative',
  quote: 'Quote',
  citation: 'Citation',
};

export const claimSuggestionSchema = z.object({
  /** UTF-16 offsets of the sentence in the order's original text. */
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  text: z.string(),
  kinds: z.array(z.enum(CLAIM_KINDS)),
  /** How worth checking, 0 to 1. */
  score: z.number().min(0).max(1),
});
export type ClaimSuggestion = z.infer<typeof claimSuggestionSchema>;

export const claimSuggestionListSchema = z.object({ claims: z.array(claimSuggestionSchema) });
