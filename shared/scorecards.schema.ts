import { z } from 'zod';

/**
 * Reviewers' scorecards (issue 44 item 5, decision 068): one row per reviewer over the insights range. Each figure
 * is counted on the day its own event happened: deliveries and the on-time rate by delivery, ratings when given,
 * audits when opened and when corrected, revisions when requested, sign-offs when returned; each is the reviewer's whose delivery it is
 * about (a revision and an audit: the delivery they follow).
 */
export const SCORECARD_MESSAGES = {
  empty: 'No reviewer delivered, was rated or was audited in this range.',
  ownEmpty: 'Nothing recorded for you in this range yet.',
  loadFailed: 'The scorecards could not be loaded.',
  notMeasured: 'not measured',
} as const;

const count = z.number().int().nonnegative();

export const scorecardRowSchema = z.object({
  /** Null for deliveries of an account that has since been deleted (one "Former team member" row). */
  reviewerId: z.string().nullable(),
  name: z.string(),
  /** Deliveries made in the range (revisions, redeliveries and corrections after an audit included). */
  deliveries: count,
  /** Ratings given in the range of this reviewer's deliveries, and their average (null when none). */
  ratings: count,
  averageRating: z.number().nullable(),
  /** Audits of this reviewer's deliveries opened in the range, and those closed as "corrected" in it. */
  auditsOpened: count,
  auditsCorrected: count,
  /** This reviewer's completed reviews a second reviewer returned in the range (by when returned, decision 073). */
  signOffsReturned: count,
  /** Deliveries in the range not recorded as late by the on-time guarantee (late_deliveries). */
  onTime: count,
  /** onTime / deliveries, 0–1; null without deliveries. */
  onTimeRate: z.number().nullable(),
  /** From the deliveries' effort records: null ("not measured") when under a minute of active time was recorded. */
  activeSeconds: count,
  wordsPerActiveHour: z.number().int().nonnegative().nullable(),
  /** Revisions customers requested in the range of an order this reviewer delivered last before the request. */
  revisionsRequested: count,
});
export type ScorecardRow = z.infer<typeof scorecardRowSchema>;

/** GET /api/admin/insights/scorecards: every reviewer for an administrator, only their own row for a reviewer. */
export const scorecardsSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), days: count }),
  /** True when the answer holds only the caller's own row (a reviewer who is not an administrator). */
  own: z.boolean(),
  rows: z.array(scorecardRowSchema),
});
export type Scorecards = z.infer<typeof scorecardsSchema>;
