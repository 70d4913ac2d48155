import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PERCENTILE_ERROR_PERCENT, type InsightsRange, type TurnaroundRow } from '../../../shared/insights.schema';
import { computeInsights, dailyFigures, reviewerOutput, turnaround } from './compute-insights';
import { bucketOf, bucketValue, emptyHistogram, percentiles } from './histogram';
import {
  computeInsightsFromRollups,
  refreshRollups,
  rolledUpDailyFigures,
  rolledUpReviewers,
  rolledUpTurnaround,
  splitRange,
} from './rollups';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * The rollups against the exact computation (decision 041), on a month of generated orders: June 2026, 1,200 orders
 * paid every 36 minutes from 1 June 00:00 London, completed 10–120 hours later by six reviewers (one in 25 with a
 * revision delivered by another), refunds, and active time on some deliveries.
 */
let t: TestApp;
const JUNE: InsightsRange = { from: '2026-06-01', to: '2026-06-30', days: 30 };
const day = (d: string): InsightsRange => ({ from: d, to: d, days: 1 });
const BOUND = PERCENTILE_ERROR_PERCENT / 100;

async function exec(query: ReturnType<typeof sql>) {
  await t.app.db.execute(query);
}

beforeAll(async () => {
  t = await createTestApp();
  await exec(sql`
    insert into users (id, name, email, first_name, last_name, is_admin)
    select 'roll-customer', 'Customer', 'roll-customer@example.test', 'Customer', 'One', false
    union all
    select 'roll-reviewer-' || i, 'Reviewer ' || i, 'roll-reviewer' || i || '@example.test', 'Reviewer', 'No ' || i, true
    from generate_series(1, 6) as i`);
  await exec(sql`
    insert into submissions (id, user_id, title, status, service_tier, category, word_count, amount_pence, fast_turnaround,
      contact_name, contact_email, content, created_at, updated_at, paid_at, due_date, completed_at, review_started_at,
      revision_requested_at)
    select 'roll-' || i, 'roll-customer', 'Order ' || i, 'completed',
      (array['fact-checked', 'polished', 'rewritten'])[1 + i % 3], 'blog-post', 100 + (i * 7919) % 2900, 600 + i, i % 5 = 0,
      'Customer', 'roll-customer@example.test', 'Content ' || i, c.paid, c.paid, c.paid,
      case when i % 25 = 3 then c.paid + interval '148 hours' when i % 5 = 0 then c.paid + interval '24 hours'
           else c.paid + interval '72 hours' end,
      case when i % 25 = 3 then c.paid + interval '130 hours' else c.paid + (10 + (i * 37) % 111) * interval '1 hour' + (i % 60) * interval '1 minute' end,
      c.paid + interval '1 hour',
      case when i % 25 = 3 then c.paid + interval '100 hours' end
    from generate_series(1, 1200) as i
    cross join lateral (select '2026-06-01T00:00:00+01'::timestamptz + i * interval '36 minutes' as paid) c`);
  await exec(sql`
    insert into payments (id, submission_id, provider, provider_payment_id, client_secret, amount_pence, currency, status,
      succeeded_at, created_at, updated_at)
    select 'pay-' || id, id, 'sandbox', 'sbx_pi_' || id, 'sbx_secret_' || id, amount_pence, 'gbp', 'succeeded', paid_at, paid_at, paid_at
    from submissions where id like 'roll-%'`);
  await exec(sql`
    insert into refunds (id, submission_id, payment_id, provider, provider_refund_id, idempotency_key, amount_pence, source,
      reason, created_at)
    select 'ref-' || id, id, 'pay-' || id, 'sandbox', 'sbx_re_' || id, 'roll-' || id, 100, 'admin', 'Test', paid_at + interval '3 hours'
    from submissions where id like 'roll-%' and substr(id, 6)::int % 40 = 7`);
  await exec(sql`
    insert into deliveries (id, submission_id, number, reviewed_content, delivered_by, delivered_at)
    select 'del-' || id, id, case when revision_requested_at is null then 1 else 2 end, 'Reviewed',
      'roll-reviewer-' || (1 + substr(id, 6)::int % 6), completed_at
    from submissions where id like 'roll-%'
    union all
    select 'del0-' || id, id, 1, 'Reviewed', 'roll-reviewer-' || (1 + (substr(id, 6)::int + 3) % 6), paid_at + interval '60 hours'
    from submissions where id like 'roll-%' and revision_requested_at is not null`);
  await exec(sql`
    insert into delivery_efforts (delivery_id, active_seconds, claims_by_verdict)
    select id, 600 + length(id) * 60, '{}'::jsonb from deliveries where id like 'del-roll-%' and right(id, 1) in ('1', '4', '8')`);
  // What the scheduled job does, for every day the seed marked dirty.
  await refreshRollups(t.app.db, { alsoToday: true });
});
afterAll(async () => t.close());

/** Counts equal; hours within the recorded bound (and both roundings to 0.1 h) of the exact figure. */
function expectTurnaroundNear(rolled: TurnaroundRow[], exact: TurnaroundRow[]) {
  expect(rolled.map((r) => [r.dimension, r.key, r.completed, r.onTime, r.onTimeRate])).toEqual(
    exact.map((r) => [r.dimension, r.key, r.completed, r.onTime, r.onTimeRate]),
  );
  for (const [i, r] of rolled.entries()) {
    const e = exact[i];
    for (const name of ['medianHours', 'p90Hours', 'promisedMedianHours'] as const) {
      const want = e?.[name] ?? null;
      const got = r[name];
      if (want === null) expect(got, `${r.key} ${name}`).toBeNull();
      else expect(Math.abs((got ?? Number.NaN) - want), `${r.key} ${name}: ${got} vs ${want}`).toBeLessThanOrEqual(want * BOUND + 0.1);
    }
  }
}

describe('insights rollups', () => {
  it('answer a seeded month as the exact computation does (percentiles within the bound)', async () => {
    const now = new Date();
    const exact = await computeInsights(t.app.db, JUNE, now);
    const rolled = await computeInsightsFromRollups(t.app.db, JUNE, now);
    expect(exact.totals.orders).toBeGreaterThan(1000);
    expect(exact.reviewers.length).toBe(6);
    expect(rolled.daily).toEqual(exact.daily);
    expect(rolled.totals).toEqual(exact.totals);
    expect(rolled.reviewers).toEqual(exact.reviewers);
    expect(rolled.openWork).toEqual(exact.openWork);
    expectTurnaroundNear(rolled.turnaround, exact.turnaround);
    // A range of a whole month (read from the month rows) and days around it, and a few single days.
    const around: InsightsRange = { from: '2026-05-20', to: '2026-07-03', days: 45 };
    expectTurnaroundNear(await rolledUpTurnaround(t.app.db, around), await turnaround(t.app.db, around));
    expect(await rolledUpReviewers(t.app.db, around)).toEqual(await reviewerOutput(t.app.db, around));
    const partial: InsightsRange = { from: '2026-06-05', to: '2026-07-02', days: 28 };
    expectTurnaroundNear(await rolledUpTurnaround(t.app.db, partial), await turnaround(t.app.db, partial));
    for (const d of ['2026-06-01', '2026-06-15', '2026-06-30']) {
      expect(await rolledUpDailyFigures(t.app.db, day(d))).toEqual(await dailyFigures(t.app.db, day(d)));
      expect(await rolledUpReviewers(t.app.db, day(d))).toEqual(await reviewerOutput(t.app.db, day(d)));
    }
  });

  it('splits a range into its whole months and the days around them', () => {
    expect(splitRange({ from: '2026-06-01', to: '2026-06-30' })).toEqual({ days: [], months: ['2026-06-01', '2026-06-01'] });
    expect(splitRange({ from: '2026-05-20', to: '2026-07-03' })).toEqual({
      days: [['2026-05-20', '2026-05-31'], ['2026-07-01', '2026-07-03']],
      months: ['2026-06-01', '2026-06-01'],
    });
    expect(splitRange({ from: '2026-06-05', to: '2026-07-02' })).toEqual({ days: [['2026-06-05', '2026-07-02']], months: null });
    expect(splitRange({ from: '2023-11-27', to: '2026-11-26' })).toEqual({
      days: [['2023-11-27', '2023-11-30'], ['2026-11-01', '2026-11-26']],
      months: ['2023-12-01', '2026-10-01'],
    });
    expect(splitRange({ from: '2024-02-01', to: '2024-02-29' }).months).toEqual(['2024-02-01', '2024-02-01']);
  });

  it('histogram percentiles are within ±2% of the exact (unrounded) percentiles', async () => {
    const result = await t.app.db.execute(sql`
      select extract(epoch from completed_at - coalesce(revision_requested_at, paid_at))::float8 as took
      from submissions where id like 'roll-%' order by 1`);
    const took = (result.rows as { took: number }[]).map((r) => Number(r.took));
    const exactAt = (p: number) => {
      const position = p * (took.length - 1);
      const lower = Math.floor(position);
      const a = took[lower] ?? 0;
      return a + (position - lower) * ((took[lower + 1] ?? a) - a);
    };
    const histogram = emptyHistogram();
    for (const seconds of took) histogram[bucketOf(seconds)] = (histogram[bucketOf(seconds)] ?? 0) + 1;
    const ps = [0.1, 0.25, 0.5, 0.75, 0.9, 0.99];
    const approx = percentiles(histogram, ps);
    for (const [i, p] of ps.entries()) {
      const want = exactAt(p);
      expect(Math.abs((approx[i] ?? 0) - want) / want, `p${p * 100}`).toBeLessThanOrEqual(BOUND);
    }
    // The bound itself: every value within √1.04 of its bucket's stand-in.
    for (const seconds of [60, 61, 3600, 3601.5, 86_400, 500_000, 9_999_999]) {
      expect(Math.abs(bucketValue(bucketOf(seconds)) - seconds) / seconds).toBeLessThanOrEqual(BOUND);
    }
  });

  it('a late refund corrects its own day once the job runs', async () => {
    const before = await rolledUpDailyFigures(t.app.db, day('2026-06-10'));
    await exec(sql`
      insert into refunds (id, submission_id, payment_id, provider, provider_refund_id, idempotency_key, amount_pence, source,
        reason, created_at)
      values ('late-refund', 'roll-100', 'pay-roll-100', 'sandbox', 'sbx_re_late', 'late-refund', 250, 'admin', 'Late',
        '2026-06-10T12:00:00Z')`);
    // Until the job runs, the rollup still holds the old figure.
    expect(await rolledUpDailyFigures(t.app.db, day('2026-06-10'))).toEqual(before);
    await refreshRollups(t.app.db, { alsoToday: true });
    const after = await rolledUpDailyFigures(t.app.db, day('2026-06-10'));
    expect(after[0]?.refundedPence).toBe((before[0]?.refundedPence ?? 0) + 250);
    expect(after).toEqual(await dailyFigures(t.app.db, day('2026-06-10')));
    // No other day moved.
    expect(await rolledUpDailyFigures(t.app.db, JUNE)).toEqual(await dailyFigures(t.app.db, JUNE));
  });

  it('a later completion leaves its old day and lands on its new one once the job runs', async () => {
    const row = (await t.app.db.execute(sql`
      select id, to_char(completed_at at time zone 'Europe/London', 'YYYY-MM-DD') as day from submissions
      where id like 'roll-%' and revision_requested_at is null
        and completed_at >= '2026-06-12T00:00:00+01' and completed_at < '2026-06-13T00:00:00+01' limit 1`)).rows[0] as
      | { id: string; day: string }
      | undefined;
    expect(row?.day).toBe('2026-06-12');
    const id = row?.id ?? '';
    const oldDay = await rolledUpTurnaround(t.app.db, day('2026-06-12'));
    // Reopened and completed again on 20 June (a redelivery by the same reviewer).
    await exec(sql`update submissions set completed_at = '2026-06-20T15:00:00Z' where id = ${id}`);
    await exec(sql`update deliveries set delivered_at = '2026-06-20T15:00:00Z' where submission_id = ${id}`);
    expect(await rolledUpTurnaround(t.app.db, day('2026-06-12'))).toEqual(oldDay);
    await refreshRollups(t.app.db, { alsoToday: true });
    const moved = await rolledUpTurnaround(t.app.db, day('2026-06-12'));
    expect(moved[0]?.completed).toBe((oldDay[0]?.completed ?? 0) - 1);
    for (const d of ['2026-06-12', '2026-06-20']) {
      expectTurnaroundNear(await rolledUpTurnaround(t.app.db, day(d)), await turnaround(t.app.db, day(d)));
      expect(await rolledUpReviewers(t.app.db, day(d))).toEqual(await reviewerOutput(t.app.db, day(d)));
    }
    // June is read from its month rows, merged again from the corrected days.
    expectTurnaroundNear(await rolledUpTurnaround(t.app.db, JUNE), await turnaround(t.app.db, JUNE));
    // Nothing is left dirty once the job has run.
    await refreshRollups(t.app.db);
    expect((await t.app.db.execute(sql`select count(*)::int as n from insights_dirty_days`)).rows[0]).toEqual({ n: 0 });
  });
});
