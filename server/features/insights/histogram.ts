import { sql, type SQL } from 'drizzle-orm';
import { PERCENTILE_BUCKET_RATIO } from '../../../shared/insights.schema';

/**
 * The fixed buckets of the turnaround histograms (decision 041). Durations are in seconds:
 * - bucket 0: under 60 s (and any negative duration);
 * - bucket i (1 ≤ i < LAST): [60 × r^(i−1), 60 × r^i), r = PERCENTILE_BUCKET_RATIO (1.04);
 * - bucket LAST (340): from 60 × r^339 s (about 412 days) up.
 * A bucket stands for its geometric middle (60 × r^(i−½)), within a factor √r of every value in it: ±2% for
 * r = 1.04. A percentile interpolates between the two values at its rank, as percentile_cont does, so it is within
 * the same ±2% of the exact percentile (a weighted mean of values each within ±2%); the figure shown is then
 * rounded to 0.1 h. The bound does not hold below 1 minute (±30 s) nor past 412 days.
 */
export const BUCKET_FLOOR_SECONDS = 60;
export const LAST_BUCKET = 340;
const LOG_RATIO = Math.log(PERCENTILE_BUCKET_RATIO);

/** The bucket of a duration, in SQL (the rollup job buckets a day's completions where they are). */
export function bucketSql(seconds: SQL): SQL {
  return sql`(case when ${seconds} < ${BUCKET_FLOOR_SECONDS}::float8 then 0
    else least(1 + floor(ln(${seconds} / ${BUCKET_FLOOR_SECONDS}::float8) / ln(${PERCENTILE_BUCKET_RATIO}::float8))::int, ${LAST_BUCKET}) end)`;
}

/** The bucket of a duration, in JavaScript (the same rule; for tests). */
export function bucketOf(seconds: number): number {
  if (seconds < BUCKET_FLOOR_SECONDS) return 0;
  return Math.min(1 + Math.floor(Math.log(seconds / BUCKET_FLOOR_SECONDS) / LOG_RATIO), LAST_BUCKET);
}

/** The value a bucket stands for, in seconds. */
export function bucketValue(bucket: number): number {
  if (bucket <= 0) return BUCKET_FLOOR_SECONDS / 2;
  return BUCKET_FLOOR_SECONDS * Math.pow(PERCENTILE_BUCKET_RATIO, bucket - 0.5);
}

/** A histogram being merged: counts by bucket. */
export type Histogram = Float64Array;
export const emptyHistogram = (): Histogram => new Float64Array(LAST_BUCKET + 1);

/** Adds a stored sparse histogram ([bucket, count, bucket, count, ...]) into `into`. */
export function addSparse(into: Histogram, sparse: readonly number[]): void {
  for (let i = 0; i + 1 < sparse.length; i += 2) {
    const bucket = sparse[i] ?? 0;
    into[bucket] = (into[bucket] ?? 0) + (sparse[i + 1] ?? 0);
  }
}

/** `from` added into `into`. */
export function addHistogram(into: Histogram, from: Histogram): void {
  for (let i = 0; i < into.length; i += 1) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
}

/** The sparse form of bucket counts (only buckets with a count), for storage. */
export function toSparse(counts: ReadonlyMap<number, number>): number[] {
  return [...counts.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]).flat();
}

/**
 * Percentiles of a merged histogram, in seconds, interpolated as percentile_cont does: p × (n − 1) is the rank,
 * between the values at its floor and ceiling ranks. Null when the histogram is empty.
 */
export function percentiles(histogram: Histogram, ps: readonly number[]): (number | null)[] {
  let n = 0;
  for (const c of histogram) n += c;
  if (n === 0) return ps.map(() => null);
  const valueAt = (rank: number): number => {
    let seen = 0;
    for (let b = 0; b < histogram.length; b += 1) {
      seen += histogram[b] ?? 0;
      if (seen > rank) return bucketValue(b);
    }
    return bucketValue(LAST_BUCKET);
  };
  return ps.map((p) => {
    const position = p * (n - 1);
    const lower = Math.floor(position);
    const below = valueAt(lower);
    const fraction = position - lower;
    return fraction === 0 ? below : below + fraction * (valueAt(lower + 1) - below);
  });
}
