import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deliveries, deliveryEfforts, submissions } from '../../db/schema';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_INSIGHTS_RANGE_DAYS,
  PERCENTILE_ERROR_PERCENT,
  INSIGHTS_MESSAGES,
  londonDay,
  addDays,
  type Insights,
  type TurnaroundRow,
} from '../../../shared/insights.schema';
import { createOrder, payOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';

/**
 * A small, hand-made data set whose every figure is worked out by hand below (decision 023). Orders go through
 * the real API (create, sandbox payment, review, revision, refund); only their instants are then set by SQL, in
 * June 2026 (British Summer Time, UTC+1), so London days differ from UTC days at 23:30 UTC.
 */
let t: TestApp;
let admin: SignedInUser;
let ana: SignedInUser;
let ben: SignedInUser;
let customer: SignedInUser;

const RANGE = '/api/admin/insights?from=2026-06-01&to=2026-06-07';
const HOUR = 3_600_000;
const at = (iso: string, plusHours = 0) => new Date(Date.parse(iso) + plusHours * HOUR).toISOString();

const review = { complete: true, reviewedContent: 'The reviewed text.', reviewerNotes: 'Notes', attachmentMode: 'text' };

async function exec(query: ReturnType<typeof sql>) {
  await t.app.db.execute(query);
}

async function call(method: 'GET' | 'PATCH' | 'POST', url: string, who: SignedInUser | null, payload?: unknown) {
  const response = await t.request(method, url, who ?? undefined, payload);
  if (response.statusCode >= 300 && method !== 'GET') throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** A paid order of `tier`, its payment set to `pence` and confirmed at `paidAt`, due `dueHours` after. */
async function paidOrder(tier: string, fast: boolean, words: number, pence: number, paidAt: string, dueHours: number) {
  const id = await createOrder(t.app, customer, { serviceTier: tier, fastTurnaround: fast });
  await payOrder(t.app, customer, id);
  await exec(sql`update payments set amount_pence = ${pence}, succeeded_at = ${paidAt}::timestamptz where submission_id = ${id}`);
  await exec(sql`update submissions set word_count = ${words}, amount_pence = ${pence}, no_checkable_claims = true,
    paid_at = ${paidAt}::timestamptz, due_date = ${at(paidAt, dueHours)}::timestamptz where id = ${id}`);
  return id;
}

/** `who` completes the order through the review desk (which records the delivery); then its instants are set. */
async function complete(id: string, who: SignedInUser) {
  // Delivered before its due time as the lifecycle sees it (the on-time guarantee, decision 068, would otherwise refund
  // these June orders completed today); the instants these figures measure are set by SQL afterwards.
  const [order] = await t.app.db.select({ due: submissions.dueDate }).from(submissions).where(eq(submissions.id, id));
  const due = order?.due ?? new Date();
  t.app.context.now = () => new Date(due.getTime() - HOUR);
  // The review desk needs the claim and the draft's version (decision 021).
  const response = await saveReviewAs(t.app, who, id, review).finally(() => {
    t.app.context.now = () => new Date();
  });
  // Then the delivery's instants are today's, as they were before the clock moved; the seed sets those it measures.
  await exec(sql`update submissions set completed_at = now() where id = ${id} and status = 'completed'`);
  await exec(sql`update deliveries set delivered_at = now() where submission_id = ${id} and number = (select max(number) from deliveries where submission_id = ${id})`);
  if (response.statusCode >= 300) throw new Error(`review of ${id}: ${response.statusCode} ${response.body}`);
}
async function setDelivery(id: string, number: number, deliveredAt: string) {
  await exec(sql`update deliveries set delivered_at = ${deliveredAt}::timestamptz where submission_id = ${id} and number = ${number}`);
}
async function setCompleted(id: string, completedAt: string) {
  await exec(sql`update submissions set completed_at = ${completedAt}::timestamptz where id = ${id}`);
}
async function refund(id: string, pence: number, madeAt: string) {
  await call('POST', `/api/admin/submissions/${id}/refunds`, admin, { requestId: randomUUID(), amountPence: pence, reason: 'Test refund' });
  await exec(sql`update refunds set created_at = ${madeAt}::timestamptz where submission_id = ${id}`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  ana = await signUp(t.app, { firstName: 'Ana', lastName: 'Reviewer' });
  ben = await signUp(t.app, { firstName: 'Ben', lastName: 'Reviewer' });
  // Reviewers are administrators today (the team work of issue 14 adds their own role).
  await exec(sql`update users set is_admin = true where id in (${ana.id}, ${ben.id})`);
  customer = await signUp(t.app, { firstName: 'Casey' });

  // A: polished, standard; paid 1 June 10:00 London; done in 48 h of 72 (on time) by Ana; £3 refunded on 7 June.
  const a = await paidOrder('polished', false, 100, 1000, '2026-06-01T09:00:00Z', 72);
  await complete(a, ana);
  await setCompleted(a, at('2026-06-01T09:00:00Z', 48));
  await setDelivery(a, 1, at('2026-06-01T09:00:00Z', 48));
  await refund(a, 300, '2026-06-07T10:00:00Z');

  // B: polished, standard; paid 1 June 23:30 UTC = 2 June 00:30 London; 130 h of 120 (late) by Ben, on 7 June.
  const b = await paidOrder('polished', false, 200, 2000, '2026-06-01T23:30:00Z', 120);
  await complete(b, ben);
  await setCompleted(b, at('2026-06-01T23:30:00Z', 130));
  await setDelivery(b, 1, at('2026-06-01T23:30:00Z', 130));

  // C: fact-checked, fast; paid 31 May 23:30 UTC = 1 June 00:30 London; 20 h of 24 (on time) by Ana.
  const c = await paidOrder('fact-checked', true, 300, 1500, '2026-05-31T23:30:00Z', 24);
  await complete(c, ana);
  await setCompleted(c, at('2026-05-31T23:30:00Z', 20));
  await setDelivery(c, 1, at('2026-05-31T23:30:00Z', 20));

  // D: rewritten, fast; paid 3 June; Ben delivers at 30 h, reopens and delivers again at 32 h (late): one order, two deliveries.
  const d = await paidOrder('rewritten', true, 400, 3600, '2026-06-03T10:00:00Z', 24);
  await complete(d, ben);
  await call('PATCH', `/api/admin/submissions/${d}/status`, ben, { status: 'in-review' });
  await complete(d, ben);
  await setCompleted(d, at('2026-06-03T10:00:00Z', 32));
  await setDelivery(d, 1, at('2026-06-03T10:00:00Z', 30));
  await setDelivery(d, 2, at('2026-06-03T10:00:00Z', 32));

  // E: rewritten, standard; paid 2 June; Ana delivers on 3 June; the customer asks for a revision on 4 June
  // (due 48 h later); Ben delivers it 24 h after the request. Measured from the request: 24 h of 48 (on time).
  const e = await paidOrder('rewritten', false, 500, 5000, '2026-06-02T10:00:00Z', 72);
  await complete(e, ana);
  await call('POST', `/api/submissions/${e}/revision`, customer, { message: 'Please change the second paragraph.' });
  await complete(e, ben);
  await exec(sql`update submissions set revision_requested_at = '2026-06-04T10:00:00Z', due_date = '2026-06-06T10:00:00Z',
    completed_at = '2026-06-05T10:00:00Z' where id = ${e}`);
  await setDelivery(e, 1, '2026-06-03T10:00:00Z');
  await setDelivery(e, 2, '2026-06-05T10:00:00Z');

  // G: paid 6 June, cancelled and refunded in full two hours later: revenue 0 that day, still an order.
  const g = await paidOrder('polished', false, 50, 1200, '2026-06-06T10:00:00Z', 72);
  await refund(g, 1200, '2026-06-06T12:00:00Z');
  await exec(sql`update submissions set status = 'cancelled' where id = ${g}`);

  // I: paid 7 June 23:30 UTC = 8 June London, completed 9 June by Ana: outside the range everywhere.
  const i = await paidOrder('polished', false, 999, 9999, '2026-06-07T23:30:00Z', 72);
  await complete(i, ana);
  await setCompleted(i, '2026-06-09T10:00:00Z');
  await setDelivery(i, 1, '2026-06-09T10:00:00Z');

  // Open work, aged from now (outside the June range): paid 2 h ago; in review 2 days (overdue) and 5 days;
  // a revision asked for 10 days ago (overdue). An unpaid order is not work.
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR).toISOString();
  const open = async (status: string, paidHoursAgo: number, dueInHours: number, revisionHoursAgo: number | null = null) => {
    const id = await createOrder(t.app, customer);
    await exec(sql`update submissions set status = ${status}, paid_at = ${ago(paidHoursAgo)}::timestamptz,
      due_date = ${ago(-dueInHours)}::timestamptz,
      revision_requested_at = ${revisionHoursAgo === null ? null : ago(revisionHoursAgo)}::timestamptz where id = ${id}`);
  };
  await open('paid', 2, 22);
  await open('in-review', 48, -1);
  await open('in-review', 120, 24);
  await open('revision-requested', 720, -192, 240);
  await createOrder(t.app, customer);
});
afterAll(async () => t.close());

async function insights(url = RANGE): Promise<Insights> {
  const response = await t.request('GET', url, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Insights;
}

describe('GET /api/admin/insights: figures checked against the hand-made data set', () => {
  it('counts orders and revenue per London day, net of refunds, in pence and pounds', async () => {
    const body = await insights();
    expect(body.range).toEqual({ from: '2026-06-01', to: '2026-06-07', days: 7, timeZone: 'Europe/London' });
    const day = (orders: number, paidPence: number, refundedPence: number) => ({
      orders,
      paidPence,
      refundedPence,
      netPence: paidPence - refundedPence,
      net: (paidPence - refundedPence) / 100,
    });
    expect(body.daily).toEqual([
      { day: '2026-06-01', ...day(2, 2500, 0) }, // A, C (31 May 23:30 UTC)
      { day: '2026-06-02', ...day(2, 7000, 0) }, // B (1 June 23:30 UTC), E
      { day: '2026-06-03', ...day(1, 3600, 0) }, // D
      { day: '2026-06-04', ...day(0, 0, 0) },
      { day: '2026-06-05', ...day(0, 0, 0) },
      { day: '2026-06-06', ...day(1, 1200, 1200) }, // G, cancelled the same day
      { day: '2026-06-07', ...day(0, 0, 300) }, // A's partial refund; I is 8 June in London
    ]);
    expect(body.totals).toEqual({ orders: 6, paidPence: 14_300, refundedPence: 1500, netPence: 12_800, net: 128 });
  });

  it('gives median and 90th-percentile turnaround against the promise, and the on-time rate, per tier and speed', async () => {
    const body = await insights();
    const row = (dimension: string, key: string) => body.turnaround.find((r) => r.dimension === dimension && r.key === key);
    // Measured hours: A 48, B 130, C 20, D 32, E 24 (from its revision request). percentile_cont interpolates:
    // p90 of [20, 24, 32, 48, 130] is 48 + 0.6 × (130 − 48) = 97.2.
    const expected: [string, string, Partial<TurnaroundRow>][] = [
      ['all', 'all', { completed: 5, onTime: 3, onTimeRate: 0.6, medianHours: 32, p90Hours: 97.2, promisedMedianHours: 48 }],
      ['tier', 'polished', { completed: 2, onTime: 1, onTimeRate: 0.5, medianHours: 89, p90Hours: 121.8, promisedMedianHours: 96 }],
      ['tier', 'fact-checked', { completed: 1, onTime: 1, onTimeRate: 1, medianHours: 20, p90Hours: 20, promisedMedianHours: 24 }],
      ['tier', 'rewritten', { completed: 2, onTime: 1, onTimeRate: 0.5, medianHours: 28, p90Hours: 31.2, promisedMedianHours: 36 }],
      ['speed', 'fast', { completed: 2, onTime: 1, onTimeRate: 0.5, medianHours: 26, p90Hours: 30.8, promisedMedianHours: 24 }],
      ['speed', 'standard', { completed: 2, onTime: 1, onTimeRate: 0.5, medianHours: 89, p90Hours: 121.8, promisedMedianHours: 96 }],
      ['speed', 'revision', { completed: 1, onTime: 1, onTimeRate: 1, medianHours: 24, p90Hours: 24, promisedMedianHours: 48 }],
    ];
    // From daily histograms (decision 041): counts exact, hours within ±2% (and 0.05 h of rounding) of the exact value.
    for (const [dimension, key, figures] of expected) {
      const { medianHours, p90Hours, promisedMedianHours, ...counts } = figures;
      const found = row(dimension, key);
      expect(found, `${dimension} ${key}`).toMatchObject(counts);
      const pairs: [string, number | null | undefined, number | null | undefined][] = [
        ['median', found?.medianHours, medianHours],
        ['p90', found?.p90Hours, p90Hours],
        ['promised', found?.promisedMedianHours, promisedMedianHours],
      ];
      for (const [name, got, exact] of pairs) {
        const bound = (exact ?? 0) * (PERCENTILE_ERROR_PERCENT / 100) + 0.05;
        expect(Math.abs((got ?? Number.NaN) - (exact ?? 0)), `${dimension} ${key} ${name}: ${got} vs ${exact}`).toBeLessThanOrEqual(bound);
      }
    }
    expect(body.turnaround).toHaveLength(expected.length);
  });

  it('counts open work by status and age, with overdue orders; unpaid and cancelled orders are not work', async () => {
    const body = await insights();
    expect(body.openWork).toEqual([
      { status: 'paid', total: 1, overdue: 0, under1Day: 1, days1To3: 0, days3To7: 0, over7Days: 0 },
      { status: 'in-review', total: 2, overdue: 1, under1Day: 0, days1To3: 1, days3To7: 1, over7Days: 0 },
      { status: 'revision-requested', total: 1, overdue: 1, under1Day: 0, days1To3: 0, days3To7: 0, over7Days: 1 },
    ]);
  });

  it('credits each delivery to the reviewer who made it: orders once, deliveries each, words of their orders', async () => {
    // Ben's deliveries recorded 1 h 30 min of active editing between them (issue 23); Ana's predate the record.
    const bens = await t.app.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.deliveredBy, ben.id));
    for (const [i, d] of bens.entries()) {
      await t.app.db.update(deliveryEfforts).set({ activeSeconds: i === 0 ? 5400 : 0 }).where(eq(deliveryEfforts.deliveryId, d.id));
    }
    const body = await insights();
    expect(body.reviewers).toEqual([
      // B 200 + D 400 (delivered twice) + E's revision 500: 1,100 words in 1.5 active hours.
      { reviewerId: ben.id, name: 'Ben Reviewer', orders: 3, deliveries: 4, words: 1100, activeSeconds: 5400, wordsPerActiveHour: 733 },
      // A 100 + C 300 + E's first delivery 500; I (9 June) is outside the range. No active time recorded: no rate.
      { reviewerId: ana.id, name: 'Ana Reviewer', orders: 3, deliveries: 3, words: 900, activeSeconds: 0, wordsPerActiveHour: null },
    ]);
  });

  it('shows an empty range as zero rows and null medians, not an error', async () => {
    const body = await insights('/api/admin/insights?from=2020-01-01&to=2020-01-03');
    expect(body.daily.map((d) => d.orders)).toEqual([0, 0, 0]);
    expect(body.totals.net).toBe(0);
    expect(body.turnaround[0]).toMatchObject({ completed: 0, onTimeRate: null, medianHours: null, p90Hours: null });
    expect(body.reviewers).toEqual([]);
  });

  it('defaults to the last 30 London days, today included; a start alone runs to today', async () => {
    const today = londonDay(new Date());
    const body = await insights('/api/admin/insights');
    expect(body.range).toMatchObject({ from: addDays(today, -(DEFAULT_INSIGHTS_RANGE_DAYS - 1)), to: today, days: 30 });
    expect(body.daily).toHaveLength(30);
    const fromOnly = await insights(`/api/admin/insights?from=${addDays(today, -6)}`);
    expect(fromOnly.range).toMatchObject({ to: today, days: 7 });
  });

  it('accepts 366 days (a leap year), and three years (1,096 days) from the rollups, and nothing longer', async () => {
    const body = await insights('/api/admin/insights?from=2024-01-01&to=2024-12-31');
    expect(body.daily).toHaveLength(366);
    const threeYears = await insights('/api/admin/insights?from=2023-06-09&to=2026-06-08');
    expect(threeYears.range.days).toBe(1096);
    expect(threeYears.daily).toHaveLength(1096);
    expect(threeYears.totals.orders).toBe(7); // the six of the June range and I (8 June)
  });
});

describe('GET /api/admin/insights: input and access', () => {
  it.each([
    ['start after end', '?from=2026-06-08&to=2026-06-01', INSIGHTS_MESSAGES.badRange],
    ['1,097 days', '?from=2024-01-01&to=2027-01-01', INSIGHTS_MESSAGES.badRange],
    ['not a calendar day', '?from=2026-02-30&to=2026-03-01', INSIGHTS_MESSAGES.badDate],
    ['not a date', '?from=yesterday', INSIGHTS_MESSAGES.badDate],
    ['a timestamp', '?from=2026-06-01T00:00:00Z', INSIGHTS_MESSAGES.badDate],
    ['an encoded injection', `?from=${encodeURIComponent("2026-06-01'; drop table submissions; --")}`, INSIGHTS_MESSAGES.badDate],
    ['year 10000', '?from=10000-01-01', INSIGHTS_MESSAGES.badDate],
    ['a huge value', `?to=${'9'.repeat(5000)}`, INSIGHTS_MESSAGES.badDate],
  ])('answers 400 with a message for %s', async (_name, query, message) => {
    const response = await t.request('GET', `/api/admin/insights${query}`, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('answers 400 for a repeated parameter', async () => {
    const response = await t.request('GET', '/api/admin/insights?from=2026-06-01&from=2026-06-02', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });

  it('is for administrators only: 401 signed out, 403 for a customer', async () => {
    expect((await t.request('GET', RANGE, null)).statusCode).toBe(401);
    const forbidden = await t.request('GET', RANGE, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).not.toContain('paidPence');
  });
});
