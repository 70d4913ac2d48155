import { z } from 'zod';

/**
 * A second reviewer's sign-off of a sampled order before it is delivered (issue 44, decision 073). The customer sees
 * "In review" until it is approved; "returned" gives the order back to the reviewer who completed it, with notes.
 */
export const SIGN_OFF_OUTCOMES = ['approved', 'returned'] as const;
export type SignOffOutcome = (typeof SIGN_OFF_OUTCOMES)[number];
/**
 * "audited": nobody signed it off by an hour before its due time, so it was delivered then and the second look is an
 * audit afterwards (reason "sample"): sampling never makes an order late.
 */
export const SIGN_OFF_RECORDED_OUTCOMES = [...SIGN_OFF_OUTCOMES, 'audited'] as const;
export type SignOffRecordedOutcome = (typeof SIGN_OFF_RECORDED_OUTCOMES)[number];
export const SIGN_OFF_STATUSES = ['pending', ...SIGN_OFF_RECORDED_OUTCOMES] as const;
export type SignOffStatus = (typeof SIGN_OFF_STATUSES)[number];

/** Less than this before the due time, a sampled order is delivered and the second look is an audit afterwards. */
export const SIGN_OFF_MIN_LEAD_MS = 60 * 60 * 1000;
export const MAX_SIGN_OFF_NOTES_CHARACTERS = 4000;

export const SIGN_OFF_MESSAGES = {
  outcome: 'Choose approved or returned',
  notesTooLong: `Notes must be ${MAX_SIGN_OFF_NOTES_CHARACTERS.toLocaleString('en-GB')} characters or fewer`,
  author: 'You completed this review, so another reviewer must sign it off.',
  notAwaiting: 'This order is not awaiting a sign-off.',
  awaiting: 'This review is awaiting a second reviewer’s sign-off; it cannot be changed or moved until then.',
  teamOfOne: 'Sign-off sampling is off: there is no other reviewer on the team to sign off.',
  sampling: (percent: number) =>
    percent === 0 ? 'Sign-off sampling is off (QA_SAMPLE_PERCENT=0).' : `${percent}% of completed reviews wait for a second reviewer’s sign-off.`,
} as const;

/** POST /api/admin/submissions/:id/sign-off */
export const signOffInputSchema = z
  .object({
    outcome: z.enum(SIGN_OFF_OUTCOMES, { error: SIGN_OFF_MESSAGES.outcome }),
    notes: z.string().trim().max(MAX_SIGN_OFF_NOTES_CHARACTERS, SIGN_OFF_MESSAGES.notesTooLong).optional(),
  })
  .strict();
export type SignOffInput = z.infer<typeof signOffInputSchema>;

const signOffPersonSchema = z.object({ id: z.string(), name: z.string() });

/** The order's sign-off the team sees (the pending one, else the latest decided); on the one-order admin answer. */
export const signOffSchema = z.object({
  id: z.string(),
  status: z.enum(SIGN_OFF_STATUSES),
  /** The reviewer who completed the review: they may not sign it off. */
  author: signOffPersonSchema.nullable(),
  requestedAt: z.string(),
  signedBy: signOffPersonSchema.nullable(),
  decidedAt: z.string().nullable(),
  notes: z.string().nullable(),
});
export type SignOff = z.infer<typeof signOffSchema>;

/** GET /api/admin/sign-offs/sampling: what the queue says about sampling. */
export const signOffSamplingSchema = z.object({
  percent: z.number().int().min(0).max(100),
  /** No other staff member may review, so nothing is sampled. */
  teamOfOne: z.boolean(),
  message: z.string(),
});
export type SignOffSampling = z.infer<typeof signOffSamplingSchema>;
