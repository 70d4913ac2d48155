import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import {
  REVIEWER_PREFERENCE_EMAIL_LINE,
  REVIEWER_PREFERENCE_MESSAGES,
  type OrderReviewerPreference,
  type ReviewerPreferenceList,
} from '../../../shared/reviewer-preferences.schema';
import type { AdminSubmission } from '../../../shared/submission.schema';
import { blockedAssignments, organisationMembers, organisations, reviewDeskOrders, reviewerPreferences, submissions } from '../../db/schema';
import { newId } from '../../lib/ids';
import { mailsTo } from '../../test-support/accounts';
import { bearer, createKey } from '../../test-support/api';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let admin: SignedInUser;
let rita: SignedInUser;
let vera: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  rita = await signUpReviewer(t.app, 'Rita');
  vera = await signUpReviewer(t.app, 'Vera');
  customer = await signUp(t.app);
  // Several accounts' password hashes on a busy machine: a limit, never a wait.
}, 180_000);
afterAll(() => t.close());
afterEach(() => {
  t.app.context.now = () => new Date();
});

/** A paid order of `who` that `reviewer` delivered. */
async function deliveredOrder(who: SignedInUser = customer, reviewer: SignedInUser = rita): Promise<string> {
  const id = await createPaidOrder(t.app, who);
  const done = await saveReviewAs(t.app, reviewer, id, { reviewedContent: 'Reviewed.', reviewerNotes: '', attachmentMode: 'text', complete: true });
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

const setPref = (id: string, body: unknown, who: SignedInUser = customer) => t.request('PUT', `/api/submissions/${id}/reviewer-preference`, who, body);
const getPref = async (id: string, who: SignedInUser = customer) => {
  const response = await t.request('GET', `/api/submissions/${id}/reviewer-preference`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderReviewerPreference;
};
/** The reviewer's unclaimed view: searched by the order id (so other tests' orders never push it off the page), or the first page. */
async function unclaimed(who: SignedInUser, q = ''): Promise<string[]> {
  const response = await t.request('GET', `/api/admin/submissions?view=unclaimed&status=open&sort=due&limit=100${q ? `&q=${q}` : ''}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AdminSubmission[]).map((s) => s.id);
}

/** An organisation with an owner and a member, made in the database (the invitation flow has its own tests). */
async function organisation(): Promise<{ owner: SignedInUser; member: SignedInUser; id: string }> {
  const owner = await signUp(t.app);
  const member = await signUp(t.app);
  const id = newId();
  await t.app.db.insert(organisations).values({ id, name: 'Acme', createdBy: owner.id });
  await t.app.db.insert(organisationMembers).values([
    { organisationId: id, userId: owner.id, role: 'owner' },
    { organisationId: id, userId: member.id, role: 'member' },
  ]);
  return { owner, member, id };
}

describe('setting a preference (issue 44 item 4)', () => {
  it('marks the delivering reviewer by pseudonym, changes and clears it; bad body 400, stranger 404, undelivered 409', async () => {
    const id = await deliveredOrder();
    // The delivery e-mail says the customer may prefer or block the reviewer.
    const mails = (await mailsTo(t.app.db, customer.email, 'review-completed')).filter((m) => m.textBody.includes(id));
    expect(mails[0]?.textBody).toContain(REVIEWER_PREFERENCE_EMAIL_LINE);
    const before = await getPref(id);
    expect(before).toMatchObject({ preference: null, canSet: true });
    expect(before.reviewer?.pseudonym).toMatch(/^Rita R\./);
    expect(before.reviewer?.pseudonym).not.toContain('@');
    expect(JSON.stringify(before)).not.toContain(rita.id);

    for (const body of [{}, { preference: 'liked' }, { preference: 1 }, { preference: ['blocked'] }]) {
      const bad = await setPref(id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toHaveProperty('message');
    }
    const preferred = await setPref(id, { preference: 'preferred' });
    expect(preferred.statusCode, preferred.body).toBe(200);
    expect((await getPref(id)).preference).toBe('preferred');
    expect((await setPref(id, { preference: 'blocked' })).statusCode).toBe(200);
    const rows = await t.app.db.select().from(reviewerPreferences).where(eq(reviewerPreferences.userId, customer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reviewerId: rita.id, preference: 'blocked', sourceSubmissionId: id, organisationId: null });
    // Two tabs at once: one row, holding one of the two.
    const both = await Promise.all([setPref(id, { preference: 'preferred' }), setPref(id, { preference: 'blocked' })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const raced = await t.app.db.select().from(reviewerPreferences).where(eq(reviewerPreferences.userId, customer.id));
    expect(raced).toHaveLength(1);
    expect(['preferred', 'blocked']).toContain(raced[0]!.preference);
    expect((await setPref(id, { preference: null })).json()).toMatchObject({ preference: null });
    expect(await t.app.db.select().from(reviewerPreferences).where(eq(reviewerPreferences.userId, customer.id))).toHaveLength(0);

    const stranger = await signUp(t.app);
    expect((await setPref(id, { preference: 'blocked' }, stranger)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/submissions/${id}/reviewer-preference`, stranger)).statusCode).toBe(404);
    // A reviewer is no customer of it either.
    expect((await setPref(id, { preference: 'blocked' }, rita)).statusCode).toBe(404);

    const undelivered = await createPaidOrder(t.app, customer);
    const early = await setPref(undelivered, { preference: 'blocked' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.notDelivered });
    expect(await getPref(undelivered)).toEqual({ reviewer: null, preference: null, canSet: false });
  });

  it("an organisation's owner sets it for the organisation; a member may not (403)", async () => {
    const org = await organisation();
    const id = await deliveredOrder(org.member, vera);
    expect(await getPref(id, org.member)).toMatchObject({ canSet: false, preference: null });
    const refused = await setPref(id, { preference: 'blocked' }, org.member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.ownersOnly });
    expect((await setPref(id, { preference: 'blocked' }, org.owner)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(reviewerPreferences).where(eq(reviewerPreferences.organisationId, org.id));
    expect(row).toMatchObject({ reviewerId: vera.id, preference: 'blocked', userId: null, setBy: org.owner.id });
    expect(await getPref(id, org.member)).toMatchObject({ preference: 'blocked', canSet: false });

    // The organisation's block holds for any member's next order, and for no one else's.
    const next = await createPaidOrder(t.app, org.owner);
    expect(await unclaimed(vera, next)).toEqual([]);
    const other = await createPaidOrder(t.app, customer);
    expect(await unclaimed(vera, other)).toEqual([other]);

    // Settings: the member sees it but may not undo it; the owner may.
    const list = (await t.request('GET', '/api/reviewer-preferences', org.member)).json() as ReviewerPreferenceList;
    expect(list.organisationName).toBe('Acme');
    expect(list.items).toEqual([expect.objectContaining({ id: row!.id, preference: 'blocked', orderId: id, scope: 'organisation', canUndo: false })]);
    expect(list.items[0]!.pseudonym).toMatch(/^Vera R\./);
    expect((await t.request('DELETE', `/api/reviewer-preferences/${row!.id}`, org.member)).statusCode).toBe(403);
    expect((await t.request('DELETE', `/api/reviewer-preferences/${row!.id}`, customer)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/reviewer-preferences/${row!.id}`, org.owner)).statusCode).toBe(204);
    expect(((await t.request('GET', '/api/reviewer-preferences', org.owner)).json() as ReviewerPreferenceList).items).toEqual([]);
    expect(await unclaimed(vera, next)).toEqual([next]);
  });

  it('the public API sets it too: PUT /api/v1/orders/:id/reviewer-preference', async () => {
    const id = await deliveredOrder();
    const { key } = await createKey(t.app, customer);
    const put = await bearer(t.app, key, 'PUT', `/api/v1/orders/${id}/reviewer-preference`, { preference: 'preferred' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ preference: 'preferred', canSet: true });
    expect((await bearer(t.app, key, 'GET', `/api/v1/orders/${id}/reviewer-preference`)).json()).toMatchObject({ preference: 'preferred' });
    expect((await bearer(t.app, key, 'PUT', `/api/v1/orders/${id}/reviewer-preference`, { preference: 'maybe' })).statusCode).toBe(400);
    const stranger = await signUp(t.app);
    const { key: theirs } = await createKey(t.app, stranger);
    expect((await bearer(t.app, theirs, 'PUT', `/api/v1/orders/${id}/reviewer-preference`, { preference: 'blocked' })).statusCode).toBe(404);
    expect((await setPref(id, { preference: null })).statusCode).toBe(200);
  });
});

describe('a blocked reviewer (issue 44 item 4)', () => {
  it("never gets that customer's next order: not listed unclaimed, a claim 409, an admin assigns only with a reason", async () => {
    const buyer = await signUp(t.app);
    const first = await deliveredOrder(buyer, rita);
    expect((await setPref(first, { preference: 'blocked' }, buyer)).statusCode).toBe(200);

    const next = await createPaidOrder(t.app, buyer);
    expect(await unclaimed(rita, next)).toEqual([]);
    expect(await unclaimed(vera, next)).toEqual([next]);
    // The first page without a search, too (while another reviewer's lists it).
    expect(await unclaimed(vera)).toContain(next);
    expect(await unclaimed(rita)).not.toContain(next);
    const claim = await t.request('POST', `/api/admin/submissions/${next}/claim`, rita);
    expect(claim.statusCode).toBe(409);
    expect(claim.json()).toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.blockedClaim });
    // No claim was recorded: the desk has no row for the order, or one without a claimant.
    const [row] = await t.app.db.select({ claimedBy: reviewDeskOrders.claimedBy }).from(reviewDeskOrders).where(eq(reviewDeskOrders.orderId, next));
    expect(row?.claimedBy ?? null).toBeNull();

    const assign = (body: unknown) => t.request('POST', `/api/admin/submissions/${next}/assign`, admin, body);
    const noReason = await assign({ userId: rita.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.reasonRequired });
    expect((await assign({ userId: rita.id, reason: '   ' })).statusCode).toBe(400);
    expect(await t.app.db.select().from(blockedAssignments).where(eq(blockedAssignments.submissionId, next))).toHaveLength(0);
    expect((await assign({ userId: vera.id })).statusCode).toBe(200);
    const withReason = await assign({ userId: rita.id, reason: 'Only Rita reads Welsh; the customer agreed by phone.' });
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect((withReason.json() as AdminSubmission).claim?.userId).toBe(rita.id);
    const recorded = await t.app.db.select().from(blockedAssignments).where(eq(blockedAssignments.submissionId, next));
    expect(recorded).toEqual([expect.objectContaining({ reviewerId: rita.id, assignedBy: admin.id, reason: 'Only Rita reads Welsh; the customer agreed by phone.' })]);
    const notes = await t.request('GET', `/api/admin/submissions/${next}/blocked-assignments`, vera);
    expect(notes.json()).toEqual({
      assignments: [{ reviewerName: 'Rita Reviewer', assignedByName: 'Ada Admin', reason: 'Only Rita reads Welsh; the customer agreed by phone.', createdAt: expect.any(String) }],
    });
    expect((await t.request('GET', `/api/admin/submissions/${next}/blocked-assignments`, buyer)).statusCode).toBe(403);
    // The assignment stands: she refreshes her claim, saves and delivers it.
    expect((await t.request('POST', `/api/admin/submissions/${next}/claim`, rita)).statusCode).toBe(200);
    const delivered = await saveReviewAs(t.app, rita, next, { reviewedContent: 'By Rita, as assigned.', reviewerNotes: '', attachmentMode: 'text', complete: true });
    expect(delivered.statusCode, delivered.body).toBe(200);
    // Stored review decisions on a free order of the customer are refused to her too.
    const free = await createPaidOrder(t.app, buyer);
    const decision = await t.request('DELETE', `/api/admin/submissions/${free}/decisions/${newId()}`, rita);
    expect(decision.statusCode).toBe(409);
    expect(decision.json()).toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.blockedClaim });
    expect((await t.request('DELETE', `/api/admin/submissions/${free}/decisions/${newId()}`, vera)).json()).not.toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.blockedClaim });

    // The one the customer did not block delivers their next order.
    const third = await createPaidOrder(t.app, buyer);
    expect((await t.request('POST', `/api/admin/submissions/${third}/claim`, rita)).statusCode).toBe(409);
    expect((await saveReviewAs(t.app, vera, third, { reviewedContent: 'By Vera.', reviewerNotes: '', attachmentMode: 'text', complete: true })).statusCode).toBe(200);
  });
});

describe('a block set while the reviewer holds claims (decision 080)', () => {
  const claimOf = async (id: string) =>
    (await t.app.db.select({ claimedBy: reviewDeskOrders.claimedBy }).from(reviewDeskOrders).where(eq(reviewDeskOrders.orderId, id)))[0]?.claimedBy ?? null;
  const claim = (id: string, who: SignedInUser) => t.request('POST', `/api/admin/submissions/${id}/claim`, who);

  it("gives the customer's orders she took back to the queue, keeps an assignment with a reason and other customers' orders", async () => {
    const buyer = await signUp(t.app);
    const someoneElse = await signUp(t.app);
    const first = await deliveredOrder(buyer, rita);
    const taken = await createPaidOrder(t.app, buyer);
    const assignedBefore = await createPaidOrder(t.app, buyer);
    const elsewhere = await createPaidOrder(t.app, someoneElse);
    expect((await claim(taken, rita)).statusCode).toBe(200);
    expect((await claim(elsewhere, rita)).statusCode).toBe(200);
    // Given to her by an administrator before the block: no reason was needed then, so none is recorded.
    expect((await t.request('POST', `/api/admin/submissions/${assignedBefore}/assign`, admin, { userId: rita.id })).statusCode).toBe(200);
    const draft = await saveReviewAs(t.app, rita, taken, { reviewedContent: 'Half done by Rita.', reviewerNotes: '', attachmentMode: 'text', complete: false });
    expect(draft.statusCode, draft.body).toBe(200);

    expect((await setPref(first, { preference: 'blocked' }, buyer)).statusCode).toBe(200);
    expect(await claimOf(taken)).toBeNull();
    expect(await claimOf(assignedBefore)).toBeNull();
    expect(await claimOf(elsewhere)).toBe(rita.id);
    // She can neither save nor take it again; the queue offers it to the others, with her draft kept.
    const save = await saveReviewAs(t.app, rita, taken, { reviewedContent: 'More by Rita.', reviewerNotes: '', attachmentMode: 'text', complete: false });
    expect(save.statusCode).toBe(409);
    expect((await claim(taken, rita)).json()).toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.blockedClaim });
    expect(await unclaimed(vera, taken)).toEqual([taken]);
    expect((await claim(taken, vera)).statusCode).toBe(200);
    const [row] = await t.app.db.select({ text: submissions.reviewedContent }).from(submissions).where(eq(submissions.id, taken));
    expect(row?.text).toBe('Half done by Rita.');

    // A claim that slipped in beside the block (her claim and the block at the same moment) is refused all the same.
    const raced = await createPaidOrder(t.app, buyer);
    expect((await claim(raced, vera)).statusCode).toBe(200);
    await t.app.db.update(reviewDeskOrders).set({ claimedBy: rita.id, claimedAt: new Date(), claimActiveAt: new Date() }).where(eq(reviewDeskOrders.orderId, raced));
    expect((await claim(raced, rita)).json()).toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.blockedClaim });
    const racedSave = await saveReviewAs(t.app, rita, raced, { reviewedContent: 'Raced.', reviewerNotes: '', attachmentMode: 'text', complete: false });
    expect(racedSave.json()).toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.blockedClaim });

    // Assigned with a reason after the block: setting the block again (a second tab) leaves that one with her.
    const reasoned = await createPaidOrder(t.app, buyer);
    const assign = await t.request('POST', `/api/admin/submissions/${reasoned}/assign`, admin, { userId: rita.id, reason: 'The customer asked for her by phone.' });
    expect(assign.statusCode, assign.body).toBe(200);
    expect((await setPref(first, { preference: 'blocked' }, buyer)).statusCode).toBe(200);
    expect(await claimOf(reasoned)).toBe(rita.id);
    expect((await claim(reasoned, rita)).statusCode).toBe(200);
    // Preferring her takes nothing back.
    expect((await setPref(first, { preference: 'preferred' }, buyer)).statusCode).toBe(200);
    expect(await claimOf(reasoned)).toBe(rita.id);
    expect(await claimOf(elsewhere)).toBe(rita.id);
  });

  // A second connection plays the block's transaction, holding the reviewer's claims lock: PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL?.trim())('a claim sent while the block is being set waits for it, and is refused', async () => {
    const buyer = await signUp(t.app);
    await deliveredOrder(buyer, rita);
    const next = await createPaidOrder(t.app, buyer);
    const block = new pg.Client({ connectionString: t.database.databaseUrl! });
    await block.connect();
    try {
      await block.query('begin');
      await block.query("select pg_advisory_xact_lock(hashtextextended('reviewer-claims:' || $1, 0))", [rita.id]);
      await block.query("insert into reviewer_preferences (id, user_id, reviewer_id, preference, set_at) values ($1, $2, $3, 'blocked', now())", [newId(), buyer.id, rita.id]);
      const claiming = claim(next, rita);
      // The claim is waiting on the lock (it would have checked the uncommitted block and won without it).
      const waiting = "select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where d.datname = current_database() and l.locktype = 'advisory' and not l.granted";
      await expect.poll(async () => (await block.query(waiting)).rows[0].n, { timeout: 30_000 }).toBe(1);
      await block.query('commit');
      expect((await claiming).json()).toMatchObject({ message: REVIEWER_PREFERENCE_MESSAGES.blockedClaim });
      expect(await claimOf(next)).toBeNull();
    } finally {
      await block.end();
    }
  });

  it("an organisation's block takes back the organisation's orders only", async () => {
    const { owner, member } = await organisation();
    const lone = await signUp(t.app);
    const first = await deliveredOrder(owner, vera);
    const ours = await createPaidOrder(t.app, member);
    const theirs = await createPaidOrder(t.app, lone);
    expect((await claim(ours, vera)).statusCode).toBe(200);
    expect((await claim(theirs, vera)).statusCode).toBe(200);
    expect((await setPref(first, { preference: 'blocked' }, owner)).statusCode).toBe(200);
    expect(await claimOf(ours)).toBeNull();
    expect(await claimOf(theirs)).toBe(vera.id);
  });
});

describe('a preferred reviewer (issue 44 item 4)', () => {
  /**
   * A new customer who prefers vera (set on an order she delivered), their next paid order, and the time `fraction` of
   * the way from its payment to its due date.
   */
  async function preferringVera() {
    const buyer = await signUp(t.app);
    const first = await deliveredOrder(buyer, vera);
    expect((await setPref(first, { preference: 'preferred' }, buyer)).statusCode).toBe(200);
    const next = await createPaidOrder(t.app, buyer);
    const [row] = await t.app.db.select({ paidAt: submissions.paidAt, dueDate: submissions.dueDate }).from(submissions).where(eq(submissions.id, next));
    const paid = row!.paidAt!.getTime();
    const span = row!.dueDate!.getTime() - paid;
    return { buyer, first, next, at: (fraction: number) => new Date(paid + span * fraction) };
  }

  it("sees the customer's new orders first for the first half of the time to the due date, and not after", async () => {
    const { buyer, first, next, at } = await preferringVera();
    // Another customer's order due sooner, so in due order `next` would not lead.
    const sooner = await createPaidOrder(t.app, customer, { fastTurnaround: true });

    t.app.context.now = () => at(0.25);
    const early = await unclaimed(vera);
    expect(early[0]).toBe(next);
    expect(early.filter((id) => id === next)).toHaveLength(1);
    expect(early).toContain(sooner);
    // Another reviewer sees it in its place.
    const others = await unclaimed(rita);
    expect(others.indexOf(sooner)).toBeLessThan(others.indexOf(next));

    t.app.context.now = () => at(0.6);
    const late = await unclaimed(vera);
    expect(late).toContain(next);
    expect(late.indexOf(sooner)).toBeLessThan(late.indexOf(next));
    expect((await setPref(first, { preference: null }, buyer)).statusCode).toBe(200);
  });

  it('leads the first page with the revision requests, then the preferred block, then the due order (one statement, decision 085)', async () => {
    const { buyer, first, next, at } = await preferringVera();
    const sooner = await createPaidOrder(t.app, customer, { fastTurnaround: true });
    // A revision request due later than both: it still leads.
    const revision = await createPaidOrder(t.app, customer);
    await t.app.db
      .update(submissions)
      .set({ status: 'revision-requested', revisionRequestedAt: new Date(), dueDate: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(submissions.id, revision));
    t.app.context.now = () => at(0.25);
    try {
      const response = await t.request('GET', '/api/admin/submissions?view=unclaimed&status=open&sort=due&limit=100', vera);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as AdminSubmission[];
      const ids = page.map((s) => s.id);
      const at = ids.indexOf(next);
      expect(ids.indexOf(revision)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(revision)).toBeLessThan(at);
      expect(at).toBeLessThan(ids.indexOf(sooner));
      // Everything before the preferred block is a revision request; each order is listed once.
      expect(page.slice(0, at).every((s) => s.status === 'revision-requested')).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      // Leave no revision request to lead the other tests' pages.
      await t.app.db.update(submissions).set({ status: 'cancelled' }).where(eq(submissions.id, revision));
      expect((await setPref(first, { preference: null }, buyer)).statusCode).toBe(200);
    }
  });

  it('keeps the pages whole: a preferred order is on the first page once and never on a later one', async () => {
    const { next } = await preferringVera();
    const seen: string[] = [];
    let url: string | null = '/api/admin/submissions?view=unclaimed&status=all&sort=due&limit=5';
    for (let pages = 0; url && pages < 500; pages++) {
      const response = await t.request('GET', url, vera);
      expect(response.statusCode, response.body).toBe(200);
      seen.push(...(response.json() as AdminSubmission[]).map((s) => s.id));
      const cursor = response.headers['x-next-cursor'];
      url = typeof cursor === 'string' ? `/api/admin/submissions?view=unclaimed&status=all&sort=due&limit=5&cursor=${cursor}` : null;
    }
    expect(url).toBeNull();
    expect(seen[0]).toBe(next);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
