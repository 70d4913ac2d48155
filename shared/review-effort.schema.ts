import { z } from 'zod';
import { VERDICTS } from './fact-check.schema';
import { FINDING_CATEGORIES } from './language-checks.schema';

// ---------------------------------------------------------------------------------------------
// The effort record of one delivery (issues 23 and 24): what the reviewer's work amounted to. The workspace
// measures it; the delivery stores it; the certificate of human review signs it.
// ---------------------------------------------------------------------------------------------

/** A gap between two signs of attention longer than this is not counted as active review time (decision 067). */
export const EFFORT_IDLE_CUTOFF_SECONDS = 60;

/**
 * Active review time in whole minutes for what is signed and shown (the certificate, the credential, the editorial
 * record): 0 only when nothing was measured; any measured time is at least 1 minute (decision 067).
 */
export function activeMinutesOf(seconds: number): number {
  return seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0;
}

export const ACTIVE_TIME_NOT_MEASURED = 'not measured';

/** "12 min", or "not measured" (never "0 min": an effort the record did not measure is not shown as one). */
export function activeTimeText(minutes: number): string {
  return minutes > 0 ? `${minutes.toLocaleString('en-GB')} min` : ACTIVE_TIME_NOT_MEASURED;
}

export const claimsByVerdictSchema = z.object(
  Object.fromEntries(VERDICTS.map((v) => [v, z.number().int().min(0)])) as Record<
    (typeof VERDICTS)[number],
    z.ZodNumber
  >,
);
export type ClaimsByVerdict = z.infer<typeof claimsByVerdictSchema>;

/** What a save reports beside its active seconds: the workspace's accepts and ignores since the previous save. */
export const MAX_EFFORT_COUNT_PER_SAVE = 1_000;
const countPerSave = z.number().int().min(0).max(MAX_EFFORT_COUNT_PER_SAVE);
export const effortCountsSchema = z.object({
  suggestionsAccepted: countPerSave,
  suggestionsIgnored: countPerSave,
  /** Findings fixed (accepted) per finding category. */
  findingsByCategory: z.partialRecord(z.enum(FINDING_CATEGORIES), countPerSave),
});
export type EffortCounts = z.infer<typeof effortCountsSchema>;

export function emptyEffortCounts(): EffortCounts {
  return { suggestionsAccepted: 0, suggestionsIgnored: 0, findingsByCategory: {} };
}

/** Two counts added up (the running total of a review and what a save reports). */
export function addEffortCounts(a: EffortCounts, b: EffortCounts): EffortCounts {
  const findingsByCategory: Record<string, number> = { ...a.findingsByCategory };
  for (const [category, n] of Object.entries(b.findingsByCategory)) findingsByCategory[category] = (findingsByCategory[category] ?? 0) + (n ?? 0);
  return {
    suggestionsAccepted: a.suggestionsAccepted + b.suggestionsAccepted,
    suggestionsIgnored: a.suggestionsIgnored + b.suggestionsIgnored,
    findingsByCategory: findingsByCategory as EffortCounts['findingsByCategory'],
  };
}

export const effortRecordSchema = z.object({
  /** Active editing time in whole seconds (focus and input; idle gaps over EFFORT_IDLE_CUTOFF_SECONDS not counted). */
  activeSeconds: z.number().int().min(0),
  /** Words inserted plus words removed, from a word-level diff of the original and the delivered text. */
  wordsChanged: z.number().int().min(0),
  suggestionsAccepted: z.number().int().min(0),
  suggestionsIgnored: z.number().int().min(0),
  /** Fact-check claims in the delivered report, per verdict. */
  claimsByVerdict: claimsByVerdictSchema,
  /** Language findings (spelling, grammar, AI tells, house style) the reviewer accepted. */
  findingsFixed: z.number().int().min(0),
  /** findingsFixed split by finding category. */
  findingsByCategory: z.record(z.string(), z.number().int().min(0)),
});
export type EffortRecord = z.infer<typeof effortRecordSchema>;

export function emptyEffortRecord(): EffortRecord {
  return {
    activeSeconds: 0,
    wordsChanged: 0,
    suggestionsAccepted: 0,
    suggestionsIgnored: 0,
    claimsByVerdict: Object.fromEntries(VERDICTS.map((v) => [v, 0])) as ClaimsByVerdict,
    findingsFixed: 0,
    findingsByCategory: {},
  };
}
