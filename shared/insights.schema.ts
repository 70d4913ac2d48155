import { z } from 'zod';
import { SERVICE_TIERS } from './service-tiers';
import type { SUBMISSION_STATUSES } from './submission-status';

/**
 * The operations dashboard (issue 14, section 4; decision 023): orders and revenue per day, turnaround against the
 * promise, on-time rate, open work and per-reviewer output over a range of days. Days are the business's days,
 * Europe/London (as every date the app shows, decision 017), both ends included.
 */
export const INSIGHTS_TIME_ZONE = 'Europe/London';
/** Longest range one request may ask for: three years, a leap day included (served from daily rollups, decision 041). */
export const MAX_INSIGHTS_RANGE_DAYS = 1096;
/** The range when none is given: the last 30 days, today included. */
export const DEFAULT_INSIGHTS_RANGE_DAYS = 30;
/** The range picker's presets (days, ending today). */
export const INSIGHTS_PRESET_DAYS = [7, 30, 90, 365, 1096] as const;
/** How a preset is named on its button. */
export const presetLabel = (days: number): string => (days === 1096 ? 'Last 3 years' : `Last ${days} days`);

/**
 * Turnaround percentiles come from per-day histograms with fixed buckets, each bucket r = 1.04 times as wide as the
 * one before (decision 041): every percentile is within ±2% of the exact one (before rounding to 0.1 h).
 */
export const PERCENTILE_BUCKET_RATIO = 1.04;
export const PERCENTILE_ERROR_PERCENT = 2;

export const INSIGHTS_MESSAGES = {
  badDate: 'Dates must be real days written YYYY-MM-DD.',
  badRange: `Choose a range of at most ${MAX_INSIGHTS_RANGE_DAYS} days (3 years), with the start on or before the end.`,
  percentiles: `Percentiles are within ±${PERCENTILE_ERROR_PERCENT}% (from daily summaries).`,
  loadFailed: 'The figures could not be loaded.',
  empty: 'Nothing in this range yet.',
} as const;

const DAY_MS = 86_400_000;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day between 2000 and 2999 ("2026-02-30" is not one). */
export function isCalendarDay(value: string): boolean {
  if (!isoDay.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '2000-01-01' && value <= '2999-12-31';
}

const daySchema = z.string().refine(isCalendarDay, INSIGHTS_MESSAGES.badDate);

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional (see `resolveInsightsRange`). */
export const insightsQuerySchema = z.object({ from: daySchema.optional(), to: daySchema.optional() });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/** The London calendar day of an instant, YYYY-MM-DD. */
export function londonDay(at: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: INSIGHTS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function rangeLength(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1;
}

export interface InsightsRange {
  from: string;
  to: string;
  days: number;
}

/**
 * The range a request means: both ends given → those days; only `from` → up to today; only `to` → the 30 days
 * ending then; neither → the last 30 days. Null when the start is after the end or the range is too long.
 */
export function resolveInsightsRange(query: InsightsQuery, now: Date): InsightsRange | null {
  const to = query.to ?? londonDay(now);
  const from = query.from ?? addDays(to, -(DEFAULT_INSIGHTS_RANGE_DAYS - 1));
  const days = rangeLength(from, to);
  if (days < 1 || days > MAX_INSIGHTS_RANGE_DAYS) return null;
  return { from, to, days };
}

/** How long an open order has waited since its clock started (payment, or the revision request). */
export const OPEN_AGE_BUCKETS = [
  { key: 'under1Day', label: 'Under 1 day', maxHours: 24 },
  { key: 'days1To3', label: '1–3 days', maxHours: 72 },
  { key: 'days3To7', label: '3–7 days', maxHours: 168 },
  { key: 'over7Days', label: 'Over 7 days', maxHours: null },
] as const;
export type OpenAgeBucket = (typeof OPEN_AGE_BUCKETS)[number]['key'];

/** Work a reviewer still has to do: paid and not delivered. `new` (unpaid) and `cancelled` are not work. */
export const OPEN_STATUSES = ['paid', 'in-review', 'revision-requested'] as const satisfies readonly (typeof SUBMISSION_STATUSES)[number][];

/** Turnaround groups: fast (24 h promise), standard (3 business days) and revisions (2 business days from the request). */
export const TURNAROUND_SPEEDS = ['fast', 'standard', 'revision'] as const;
export type TurnaroundSpeed = (typeof TURNAROUND_SPEEDS)[number];
export const TURNAROUND_SPEED_LABELS: Record<TurnaroundSpeed, string> = {
  fast: 'Fast turnaround',
  standard: 'Standard',
  revision: 'Revision',
};

const count = z.number().int().nonnegative();
const hours = z.number().nullable();

export const dailyFiguresSchema = z.object({
  /** London day, YYYY-MM-DD. */
  day: z.string(),
  /** Orders paid that day. */
  orders: count,
  /** Succeeded payments that day, in pence. */
  paidPence: count,
  /** Refunds made that day, in pence. */
  refundedPence: count,
  /** paid − refunded (may be negative: a refund of an earlier day's order). */
  netPence: z.number().int(),
  /** The same in pounds, two decimals (the API's `amount` convention, decision 016). */
  net: z.number(),
});
export type DailyFigures = z.infer<typeof dailyFiguresSchema>;

export const turnaroundRowSchema = z.object({
  /** `all`, a service tier, or a speed. */
  dimension: z.enum(['all', 'tier', 'speed']),
  key: z.enum(['all', ...SERVICE_TIERS, ...TURNAROUND_SPEEDS]),
  /** Deliveries measured: orders completed in the range. */
  completed: count,
  onTime: count,
  /** onTime / completed, 0–1; null when nothing was completed. */
  onTimeRate: z.number().nullable(),
  medianHours: hours,
  p90Hours: hours,
  /** The median promise (due date − clock start), for comparison. */
  promisedMedianHours: hours,
});
export type TurnaroundRow = z.infer<typeof turnaroundRowSchema>;

export const openWorkRowSchema = z.object({
  status: z.enum(OPEN_STATUSES),
  total: count,
  overdue: count,
  under1Day: count,
  days1To3: count,
  days3To7: count,
  over7Days: count,
});
export type OpenWorkRow = z.infer<typeof openWorkRowSchema>;

export const reviewerRowSchema = z.object({
  /** Null for an account that has since been deleted. */
  reviewerId: z.string().nullable(),
  name: z.string(),
  /** Orders this reviewer delivered in the range (an order counts once however many deliveries). */
  orders: count,
  /** Deliveries, revisions and redeliveries included. */
  deliveries: count,
  /** Words of those orders. */
  words: count,
  /** Active editing time of those deliveries, from their effort records (issue 23). */
  activeSeconds: count,
  /** Words per active hour: null when under a minute of active time was recorded (deliveries before issue 23). */
  wordsPerActiveHour: z.number().int().nonnegative().nullable(),
});

/** Words per active hour, or null when too little active time was recorded to say. */
export function wordsPerActiveHour(words: number, activeSeconds: number): number | null {
  return activeSeconds < 60 ? null : Math.round(words / (activeSeconds / 3600));
}
export type ReviewerRow = z.infer<typeof reviewerRowSchema>;

export const insightsSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), days: count, timeZone: z.literal(INSIGHTS_TIME_ZONE) }),
  generatedAt: z.iso.datetime(),
  daily: z.array(dailyFiguresSchema),
  totals: z.object({ orders: count, paidPence: count, refundedPence: count, netPence: z.number().int(), net: z.number() }),
  turnaround: z.array(turnaroundRowSchema),
  openWork: z.array(openWorkRowSchema),
  reviewers: z.array(reviewerRowSchema),
});
export type Insights = z.infer<typeof insightsSchema>;
