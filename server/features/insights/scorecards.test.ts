import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ScorecardRow, Scorecards } from '../../../shared/scorecards.schema';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';

/**
 * Reviewers' scorecards (issue 44 item 5, decision 068). Orders are delivered, rated and revised through the real
 * API; then their instants are set by SQL around the range 1–7 June 2026 (British Summer Time: London's 1 June
 * starts at 31 May 23:00 UTC and its 7 June ends at 7 June 23:00 UTC), so each boundary is one second either side.
 */
let t: TestApp;
let admin: SignedInUser;
let ana: SignedInUser;
let ben: SignedInUser;
let customer: SignedInUser;

const RANGE = '/api/admin/insights/scorecards?from=2026-06-01&to=2026-06-07';
const FIRST_IN = '2026-05-31T23:00:00Z';
const LAST_OUT = '2026-05-31T22:59:59Z';
const END_IN = '2026-06-07T22:59:59Z';
const END_OUT = '2026-06-07T23:00:00Z';

const exec = (query: ReturnType<typeof sql>) => t.app.db.execute(query);

async function deliver(id: string, who: SignedInUser, words: number) {
  await exec(sql`update submissions set word_count = ${words} where id = ${id}`);
  const done = await saveReviewAs(t.app, who, id, { reviewedContent: 'Reviewed.', reviewerNotes: '', attachmentMode: 'text', complete: true });
  expect(done.statusCode, done.body).toBe(200);
}
const deliveryOf = (id: string, number: number) => sql`(select id from deliveries where submission_id = ${id} and number = ${number})`;
async function setDelivery(id: string, number: number, at: string, activeSeconds: number) {
  await exec(sql`update deliveries set delivered_at = ${at}::timestamptz where submission_id = ${id} and number = ${number}`);
  await exec(sql`insert into delivery_efforts (delivery_id, active_seconds, claims_by_verdict) values (${deliveryOf(id, number)}, ${activeSeconds}, '{}'::jsonb)
    on conflict (delivery_id) do update set active_seconds = excluded.active_seconds`);
}
async function markLate(id: string, at: string) {
  await exec(sql`insert into late_deliveries (submission_id, due_at, delivered_at, refund_pence, basis, refund_to, refund_status)
    values (${id}, ${at}::timestamptz - interval '1 hour', ${at}::timestamptz, 100, 'percent', 'card', 'succeeded')`);
}
async function rate(id: string, stars: number, at: string) {
  const rated = await t.request('POST', `/api/submissions/${id}/rating`, customer, { stars });
  expect(rated.statusCode, rated.body).toBeLessThan(300);
  await exec(sql`update order_ratings set created_at = ${at}::timestamptz where submission_id = ${id}`);
}
async function revise(id: string) {
  const asked = await t.request('POST', `/api/submissions/${id}/revision`, customer, { message: 'Please change the second paragraph.' });
  expect(asked.statusCode, asked.body).toBeLessThan(300);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  ana = await signUpReviewer(t.app, 'Ana');
  ben = await signUpReviewer(t.app, 'Ben');
  customer = await signUp(t.app);

  // A (100 words): Ana delivers on London's first instant of 1 June (30 min active), rated 5 on 2 June; the customer
  // asks for a revision on 3 June; Ben delivers it on the range's last second, late, with no active time measured.
  const a = await createPaidOrder(t.app, customer);
  await deliver(a, ana, 100);
  await rate(a, 5, '2026-06-02T10:00:00Z');
  await revise(a);
  await deliver(a, ben, 100);
  await setDelivery(a, 1, FIRST_IN, 1800);
  await setDelivery(a, 2, END_IN, 0);
  await exec(sql`update submissions set revision_requested_at = '2026-06-03T10:00:00Z' where id = ${a}`);
  await markLate(a, END_IN);

  // B (200 words): Ana delivers one second before the range (31 May, London); rated 2 on 1 June, which opens an
  // audit then; the audit is closed as corrected on 2 June. The rating and the audit count, the delivery does not.
  const b = await createPaidOrder(t.app, customer);
  await deliver(b, ana, 200);
  await rate(b, 2, '2026-06-01T09:00:00Z');
  await setDelivery(b, 1, LAST_OUT, 600);
  await exec(sql`update order_audits set opened_at = '2026-06-01T09:00:00Z', status = 'corrected', closed_at = '2026-06-02T09:00:00Z' where submission_id = ${b}`);

  // C (300 words): Ana delivers on 4 June (an hour active), late; rated 4 on London's 8 June (outside).
  const c = await createPaidOrder(t.app, customer);
  await deliver(c, ana, 300);
  await rate(c, 4, END_OUT);
  await setDelivery(c, 1, '2026-06-04T10:00:00Z', 3600);
  await markLate(c, '2026-06-04T10:00:00Z');

  // D: Ana delivers on London's 8 June and a revision is asked for on 9 June: outside everything.
  const d = await createPaidOrder(t.app, customer);
  await deliver(d, ana, 999);
  await setDelivery(d, 1, END_OUT, 7200);
  await exec(sql`update submissions set revision_requested_at = '2026-06-09T10:00:00Z' where id = ${d}`);

  // E: rated 1 on 5 June, which opens an audit of Ben's delivery on 5 June; still open. Delivered before the range.
  const e = await createPaidOrder(t.app, customer);
  await deliver(e, ben, 50);
  await rate(e, 1, '2026-06-05T10:00:00Z');
  await setDelivery(e, 1, '2026-05-20T10:00:00Z', 60);
  await exec(sql`update order_audits set opened_at = '2026-06-05T10:00:00Z' where submission_id = ${e}`);
}, 240_000);
afterAll(() => t.close());

async function scorecards(who: SignedInUser, url = RANGE): Promise<Scorecards> {
  const response = await t.request('GET', url, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Scorecards;
}
const rowOf = (data: Scorecards, who: SignedInUser) => data.rows.find((r) => r.reviewerId === who.id);

const anaRow: ScorecardRow = {
  reviewerId: '',
  name: 'Ana Reviewer',
  deliveries: 2,
  ratings: 2,
  averageRating: 3.5,
  auditsOpened: 1,
  auditsCorrected: 1,
  signOffsReturned: 0,
  onTime: 1,
  onTimeRate: 0.5,
  activeSeconds: 5400,
  // 400 words (A and C) in 1.5 active hours.
  wordsPerActiveHour: 267,
  revisionsRequested: 1,
};

describe('reviewers’ scorecards (issue 44 item 5)', () => {
  it('gives an administrator every reviewer’s figures over the range, each boundary one second either side', async () => {
    const data = await scorecards(admin);
    expect(data).toMatchObject({ range: { from: '2026-06-01', to: '2026-06-07', days: 7 }, own: false });
    expect(data.rows.map((r) => r.reviewerId)).toEqual([ana.id, ben.id]);
    expect(rowOf(data, ana)).toEqual({ ...anaRow, reviewerId: ana.id });
    expect(rowOf(data, ben)).toEqual({
      reviewerId: ben.id,
      name: 'Ben Reviewer',
      deliveries: 1,
      ratings: 1,
      averageRating: 1,
      auditsOpened: 1,
      auditsCorrected: 0,
      signOffsReturned: 0,
      onTime: 0,
      onTimeRate: 0,
      activeSeconds: 0,
      // No active time measured: "not measured", never a division by zero.
      wordsPerActiveHour: null,
      revisionsRequested: 0,
    });
  });

  it('moves with the range: the day before and the day after hold what fell outside', async () => {
    const before = await scorecards(admin, '/api/admin/insights/scorecards?from=2026-05-31&to=2026-05-31');
    expect(before.rows.map((r) => [r.reviewerId, r.deliveries, r.ratings, r.auditsOpened])).toEqual([[ana.id, 1, 0, 0]]);
    expect(rowOf(before, ana)?.wordsPerActiveHour).toBe(1200);
    const after = await scorecards(admin, '/api/admin/insights/scorecards?from=2026-06-08&to=2026-06-09');
    expect(rowOf(after, ana)).toMatchObject({ deliveries: 1, ratings: 1, averageRating: 4, onTimeRate: 1, revisionsRequested: 1, wordsPerActiveHour: 500 });
    expect(after.rows).toHaveLength(1);
    const empty = await scorecards(admin, '/api/admin/insights/scorecards?from=2027-01-01&to=2027-01-02');
    expect(empty.rows).toEqual([]);
  });

  it('shows a reviewer only their own row, even an empty one', async () => {
    const own = await scorecards(ana);
    expect(own.own).toBe(true);
    expect(own.rows).toEqual([{ ...anaRow, reviewerId: ana.id }]);
    const quiet = await scorecards(ben, '/api/admin/insights/scorecards?from=2027-01-01&to=2027-01-02');
    expect(quiet.rows).toEqual([
      expect.objectContaining({ reviewerId: ben.id, name: 'Ben Reviewer', deliveries: 0, ratings: 0, averageRating: null, onTimeRate: null, wordsPerActiveHour: null }),
    ]);
  });

  it('turns away customers and visitors, and a bad range is a 400 with a message', async () => {
    expect((await t.request('GET', RANGE, customer)).statusCode).toBe(403);
    expect((await t.request('GET', RANGE)).statusCode).toBe(401);
    const bad = await t.request('GET', '/api/admin/insights/scorecards?from=2026-06-08&to=2026-06-01', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });
    const encoded = await t.request('GET', '/api/admin/insights/scorecards?from=2026-06-01%27%3B--', admin);
    expect(encoded.statusCode).toBe(400);
  });
});
