/**
 * Claims and versioned drafts (issue 14, decision 021): one reviewer holds an order, a second one is told who,
 * a claim lapses after 2 idle hours (moved in SQL, no fake timers), a stale tab cannot overwrite a newer draft, and
 * two saves racing from the same version make exactly one winner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEAM_MESSAGES } from '../../../shared/team.schema';
import type { AdminSubmission } from '../../../shared/submission.schema';
import { reviewDeskOrders, submissions, users } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createPaidOrder } from '../../test-support/orders';

let t: TestApp;
let admin: SignedInUser;
let ana: SignedInUser;
let ben: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app);
  ana = await signUpReviewer(t.app, 'Ana');
  ben = await signUpReviewer(t.app, 'Ben');
  customer = await signUp(t.app, { firstName: 'Casey' });
});
afterAll(async () => t.close());

const claim = (id: string, who: SignedInUser) => t.request('POST', `/api/admin/submissions/${id}/claim`, who);
const get = async (id: string, who: SignedInUser = admin) => (await t.request('GET', `/api/admin/submissions/${id}`, who)).json() as AdminSubmission;
const save = (id: string, who: SignedInUser, version: number, text: string, complete = false) =>
  t.request('PATCH', `/api/admin/submissions/${id}/review`, who, {
    reviewedContent: text,
    reviewerNotes: '',
    attachmentMode: 'text',
    complete,
    version,
  });
/** Moves the claim's last activity back in the database, as if the reviewer had been away. */
const idleFor = (id: string, hours: number) =>
  t.app.db
    .update(reviewDeskOrders)
    .set({ claimActiveAt: sql`now() - ${sql.raw(`interval '${hours} hours'`)}` })
    .where(eq(reviewDeskOrders.orderId, id));

describe('claiming', () => {
  it('the first reviewer holds the order; the second gets 409 naming the claimant, for claim and save alike', async () => {
    const id = await createPaidOrder(t.app, customer);
    const first = await claim(id, ana);
    expect(first.statusCode, first.body).toBe(200);
    const held = first.json() as AdminSubmission;
    expect(held.claim).toMatchObject({ userId: ana.id, name: 'Ana Reviewer' });
    expect(Date.parse(held.claim!.lapsesAt) - Date.parse(held.claim!.activeAt)).toBe(2 * 3_600_000);

    const second = await claim(id, ben);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'Claimed by Ana Reviewer' });
    const benSave = await save(id, ben, held.reviewVersion, 'Ben was here');
    expect(benSave.statusCode).toBe(409);
    expect(benSave.json().message).toBe(TEAM_MESSAGES.claimedBy('Ana Reviewer'));
    // Ben sees who holds it, in the queue and the order.
    expect((await get(id, ben)).claim?.name).toBe('Ana Reviewer');
    const queue = (await t.request('GET', '/api/admin/submissions?limit=100', ben)).json() as AdminSubmission[];
    expect(queue.find((s) => s.id === id)?.claim?.userId).toBe(ana.id);

    // Claiming again refreshes the holder's own claim and keeps when it began.
    const again = await claim(id, ana);
    expect(again.statusCode).toBe(200);
    expect((again.json() as AdminSubmission).claim?.claimedAt).toBe(held.claim!.claimedAt);
    expect((await save(id, ana, held.reviewVersion, 'Ana draft')).statusCode).toBe(200);
    expect((await get(id)).reviewedContent).toBe('Ana draft');
  });

  it('a save without the claim is refused: claim first', async () => {
    const id = await createPaidOrder(t.app, customer);
    const response = await save(id, ana, 0, 'unclaimed');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TEAM_MESSAGES.notClaimed);
    expect((await get(id)).reviewedContent).toBeNull();
    // Delivering through the status route needs the claim too.
    const done = await t.request('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'completed' });
    expect(done.statusCode).toBe(409);
  });

  it('two reviewers claiming at once: exactly one wins', async () => {
    const id = await createPaidOrder(t.app, customer);
    const [a, b] = await Promise.all([claim(id, ana), claim(id, ben)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? ana : ben;
    expect((await get(id)).claim?.userId).toBe(winner.id);
  });

  it('two reviewers claiming at once an order given back to the queue (its desk row kept): exactly one wins', async () => {
    const id = await createPaidOrder(t.app, customer);
    expect((await claim(id, ana)).statusCode).toBe(200);
    expect((await t.request('POST', `/api/admin/submissions/${id}/release`, ana)).statusCode).toBe(200);
    expect((await get(id)).claim).toBeNull();
    const [a, b] = await Promise.all([claim(id, ana), claim(id, ben)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? ana : ben;
    expect((await get(id)).claim?.userId).toBe(winner.id);
    const [row] = await t.app.db.select({ claimedBy: reviewDeskOrders.claimedBy }).from(reviewDeskOrders).where(eq(reviewDeskOrders.orderId, id));
    expect(row!.claimedBy).toBe(winner.id);
  });

  it('a claim idle for 2 hours lapses: the queue shows it free and another reviewer may take it', async () => {
    const id = await createPaidOrder(t.app, customer);
    const { reviewVersion } = (await claim(id, ana)).json() as AdminSubmission;
    await idleFor(id, 1.9);
    expect((await claim(id, ben)).statusCode).toBe(409);
    await idleFor(id, 3);
    expect((await get(id)).claim).toBeNull();
    // The lapsed holder can no longer save on it.
    expect((await save(id, ana, reviewVersion, 'too late')).json().message).toBe(TEAM_MESSAGES.notClaimed);
    const taken = await claim(id, ben);
    expect(taken.statusCode).toBe(200);
    expect((taken.json() as AdminSubmission).claim?.userId).toBe(ben.id);
    expect((await save(id, ben, reviewVersion, 'Ben took over')).statusCode).toBe(200);
  });

  it('saving keeps the claim alive (activity moves forward)', async () => {
    const id = await createPaidOrder(t.app, customer);
    const { reviewVersion } = (await claim(id, ana)).json() as AdminSubmission;
    await idleFor(id, 1.5);
    expect((await save(id, ana, reviewVersion, 'still here')).statusCode).toBe(200);
    await idleFor(id, 0); // now
    const [row] = await t.app.db
      .select({ idle: sql<number>`extract(epoch from now() - ${reviewDeskOrders.claimActiveAt})::float` })
      .from(reviewDeskOrders)
      .where(eq(reviewDeskOrders.orderId, id));
    expect(row!.idle).toBeLessThan(60);
  });

  it('release: the holder gives it back; another reviewer cannot release it; an admin can', async () => {
    const id = await createPaidOrder(t.app, customer);
    await claim(id, ana);
    const byBen = await t.request('POST', `/api/admin/submissions/${id}/release`, ben);
    expect(byBen.statusCode).toBe(409);
    expect(byBen.json().message).toBe('Claimed by Ana Reviewer');
    const byAna = await t.request('POST', `/api/admin/submissions/${id}/release`, ana);
    expect(byAna.statusCode).toBe(200);
    expect((byAna.json() as AdminSubmission).claim).toBeNull();
    await claim(id, ben);
    expect((await t.request('POST', `/api/admin/submissions/${id}/release`, admin)).statusCode).toBe(200);
    expect((await get(id)).claim).toBeNull();
  });

  it('completing the review ends the claim', async () => {
    const id = await createPaidOrder(t.app, customer);
    const { reviewVersion } = (await claim(id, ana)).json() as AdminSubmission;
    const done = await save(id, ana, reviewVersion, 'Final text', true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', claim: null });
  });

  it('refuses to claim a cancelled order and answers 404 for an unknown one', async () => {
    const id = await createPaidOrder(t.app, customer);
    await t.app.db.update(submissions).set({ status: 'cancelled' }).where(eq(submissions.id, id));
    expect((await claim(id, ana)).json().message).toBe(TEAM_MESSAGES.cannotClaim);
    expect((await claim('NOPE000000', ana)).statusCode).toBe(404);
    expect((await t.request('POST', '/api/admin/submissions/NOPE000000/release', ana)).statusCode).toBe(404);
  });
});

describe('versioned drafts', () => {
  it('a stale tab is told to reload and the newer draft stays', async () => {
    const id = await createPaidOrder(t.app, customer);
    const { reviewVersion: v0 } = (await claim(id, ana)).json() as AdminSubmission;
    const tab1 = await save(id, ana, v0, 'Tab one text');
    expect(tab1.statusCode).toBe(200);
    expect((tab1.json() as AdminSubmission).reviewVersion).toBe(v0 + 1);
    const tab2 = await save(id, ana, v0, 'Tab two, stale');
    expect(tab2.statusCode).toBe(409);
    expect(tab2.json()).toMatchObject({ message: TEAM_MESSAGES.staleDraft });
    expect((await get(id)).reviewedContent).toBe('Tab one text');
  });

  it('two tabs racing from the same version: exactly one wins, the other is told to reload', async () => {
    const id = await createPaidOrder(t.app, customer);
    const { reviewVersion } = (await claim(id, ana)).json() as AdminSubmission;
    const texts = ['Racer A', 'Racer B', 'Racer C', 'Racer D'];
    const results = await Promise.all(texts.map((text) => save(id, ana, reviewVersion, text)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(texts.length - 1);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(TEAM_MESSAGES.staleDraft);
    const winner = texts[codes.indexOf(200)];
    const stored = await get(id);
    expect(stored.reviewedContent).toBe(winner);
    expect(stored.reviewVersion).toBe(reviewVersion + 1);
  });

  it('a refused save leaves the version where it was (the bump rolls back with the change)', async () => {
    const id = await createPaidOrder(t.app, customer);
    const { reviewVersion } = (await claim(id, ana)).json() as AdminSubmission;
    const bad = await t.request('PATCH', `/api/admin/submissions/${id}/review`, ana, {
      reviewedContent: 'x',
      attachmentMode: 'upload',
      uploadedDocuments: ['00000000-0000-0000-0000-000000000000'],
      complete: false,
      version: reviewVersion,
    });
    expect(bad.statusCode).toBe(400);
    expect((await get(id)).reviewVersion).toBe(reviewVersion);
  });

  it('a save without a version is a 400, never a blind overwrite', async () => {
    const id = await createPaidOrder(t.app, customer);
    await claim(id, ana);
    for (const version of [undefined, -1, 1.5, '0', null]) {
      const response = await t.request('PATCH', `/api/admin/submissions/${id}/review`, ana, {
        reviewedContent: 'x',
        complete: false,
        version,
      });
      expect(response.statusCode, String(version)).toBe(400);
    }
  });
});

describe('reassigning', () => {
  it('an admin hands an order from one reviewer to another; the old holder is refused, the new one saves', async () => {
    const id = await createPaidOrder(t.app, customer);
    const { reviewVersion } = (await claim(id, ana)).json() as AdminSubmission;
    const saved = await save(id, ana, reviewVersion, 'Ana started');
    const v1 = (saved.json() as AdminSubmission).reviewVersion;
    const moved = await t.request('POST', `/api/admin/submissions/${id}/assign`, admin, { userId: ben.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as AdminSubmission).claim).toMatchObject({ userId: ben.id, name: 'Ben Reviewer' });
    expect((await save(id, ana, v1, 'Ana again')).json().message).toBe('Claimed by Ben Reviewer');
    expect((await save(id, ben, v1, 'Ben continues')).statusCode).toBe(200);
    // Ana's stale copy is now also out of date.
    expect((await save(id, ana, v1, 'Ana stale')).json().message).toBe(TEAM_MESSAGES.staleDraft);
    expect((await get(id)).reviewedContent).toBe('Ben continues');
    // Back to the queue.
    const freed = await t.request('POST', `/api/admin/submissions/${id}/assign`, admin, { userId: null });
    expect((freed.json() as AdminSubmission).claim).toBeNull();
  });

  it('only to an active team member, and only by an admin', async () => {
    const id = await createPaidOrder(t.app, customer);
    const toCustomer = await t.request('POST', `/api/admin/submissions/${id}/assign`, admin, { userId: customer.id });
    expect(toCustomer.statusCode).toBe(400);
    expect(toCustomer.json().message).toBe(TEAM_MESSAGES.notOnTeam);
    expect((await t.request('POST', `/api/admin/submissions/${id}/assign`, admin, { userId: 'nobody' })).statusCode).toBe(400);
    expect((await t.request('POST', `/api/admin/submissions/${id}/assign`, ana, { userId: ana.id })).statusCode).toBe(403);
    expect((await t.request('POST', `/api/admin/submissions/${id}/assign`, admin, { userId: admin.id })).statusCode).toBe(200);
  });
});

describe('what a reviewer sees', () => {
  it('the queue and the order without money; admins keep it', async () => {
    const id = await createPaidOrder(t.app, customer);
    const forAna = await get(id, ana);
    expect(forAna).not.toHaveProperty('amount');
    expect(forAna).not.toHaveProperty('amountPence');
    expect(forAna).not.toHaveProperty('refundedPence');
    expect(forAna.customerEmail).toBe(customer.email);
    const queue = (await t.request('GET', '/api/admin/submissions?limit=5', ana)).json() as AdminSubmission[];
    for (const row of queue) expect(row).not.toHaveProperty('amountPence');
    expect((await get(id, admin)).amountPence).toBeGreaterThan(0);
    for (const url of [`/api/admin/submissions/${id}/money`, '/api/admin/ledger.csv?from=2026-01-01&to=2026-01-31', '/api/admin/team']) {
      expect((await t.request('GET', url, ana)).statusCode, url).toBe(403);
    }
    expect((await t.request('POST', `/api/admin/submissions/${id}/refunds`, ana, { amountPence: 1, reason: 'x' })).statusCode).toBe(403);
    // The customer's own routes stay the customer's.
    expect((await t.request('GET', `/api/submissions/${id}`, ana)).statusCode).toBe(404);
    // The message thread is part of the review.
    expect((await t.request('GET', `/api/messages/${id}`, ana)).statusCode).toBe(200);
    const sent = await t.request('POST', '/api/messages', ana, { submissionId: id, content: 'A question from the reviewer.' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().isFromAdmin).toBe(true);
  });

  it('GET /api/auth/user says the role and keeps isAdmin', async () => {
    const me = (who: SignedInUser) => t.request('GET', '/api/auth/user', who).then((r) => r.json() as { role: string; isAdmin: boolean });
    expect(await me(ana)).toMatchObject({ role: 'reviewer', isAdmin: false });
    expect(await me(admin)).toMatchObject({ role: 'admin', isAdmin: true });
    expect(await me(customer)).toMatchObject({ role: 'customer', isAdmin: false });
    const suspended = await signUpReviewer(t.app, 'Sam');
    await t.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect(await me(suspended)).toMatchObject({ role: 'customer', isAdmin: false });
  });
});
