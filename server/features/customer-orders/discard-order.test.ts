import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UNPAID_ORDER_MESSAGES } from '../../../shared/unpaid-order';
import type { Submission } from '../../../shared/submission.schema';
import { emailOutbox, orderEvents, submissionStatusChanges, submissions } from '../../db/schema';
import { createTestApp, request, signUp, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createOrder, createPaidOrder, payOrder } from '../../test-support/orders';
import { DISCARD_REASON } from './discard-order';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, { firstName: 'Alice' });
  bob = await signUp(t.app);
});
afterAll(async () => t.close());

const discard = (id: string, who?: SignedInUser) => request(t.app, 'POST', `/api/submissions/${id}/discard`, who);

async function rowOf(id: string) {
  const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, id));
  return row!;
}

describe('POST /api/submissions/:id/discard (issue 45, decision 069)', () => {
  it("moves the customer's unpaid order to cancelled through the lifecycle, with its history and event, and e-mails nobody", async () => {
    const id = await createOrder(t.app, alice);
    const mailsBefore = (await t.app.db.select().from(emailOutbox)).length;
    const first = await discard(id, alice);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'cancelled' });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'cancelled', paidAt: null, dueDate: null });
    const history = await t.app.db.select().from(submissionStatusChanges).where(eq(submissionStatusChanges.submissionId, id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.reason])).toEqual([
      [null, 'new', 'created'],
      ['new', 'cancelled', DISCARD_REASON],
    ]);
    const events = await t.app.db.select().from(orderEvents).where(eq(orderEvents.submissionId, id));
    expect(events.map((e) => [e.type, e.actorKind])).toEqual([
      ['order.created', 'customer'],
      ['order.cancelled', 'customer'],
    ]);
    expect((await t.app.db.select().from(emailOutbox)).length).toBe(mailsBefore);
    // A second click, or a second tab: the same answer, and no second move.
    const second = await discard(id, alice);
    expect(second.statusCode).toBe(200);
    expect((await t.app.db.select().from(orderEvents).where(eq(orderEvents.submissionId, id))).length).toBe(2);
    // The customer still sees it, as discarded (status cancelled, never paid), and it can no longer be paid.
    const listed = (await request(t.app, 'GET', `/api/submissions/${id}`, alice)).json() as Submission;
    expect(listed).toMatchObject({ status: 'cancelled', paidAt: null });
    const pay = await request(t.app, 'POST', '/api/create-payment-intent', alice, { submissionId: id });
    expect(pay.statusCode).toBe(409);
  });

  it("answers 404 for someone else's order, an unknown id or an encoded one, and 401 signed out; nothing changes", async () => {
    const id = await createOrder(t.app, alice);
    expect((await discard(id, bob)).statusCode).toBe(404);
    expect((await discard('AAAAAAAAAAAA', alice)).statusCode).toBe(404);
    expect((await discard(encodeURIComponent(`${id}/../x`), alice)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await discard(encodeURIComponent(`${id}/../x`), alice)).statusCode).toBeLessThan(500);
    expect((await discard(id)).statusCode).toBe(401);
    expect((await rowOf(id)).status).toBe('new');
  });

  it('answers 409 once the order is paid, and the paid order stays paid', async () => {
    const id = await createPaidOrder(t.app, alice);
    const response = await discard(id, alice);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: UNPAID_ORDER_MESSAGES.alreadyPaid });
    expect((await rowOf(id)).status).toBe('paid');
  });

  it('a discard and a payment at the same instant: exactly one wins, and the order is never both', async () => {
    const id = await createOrder(t.app, alice);
    const [discarded, paid] = await Promise.allSettled([discard(id, alice), payOrder(t.app, alice, id)]);
    const row = await rowOf(id);
    if (row.status === 'cancelled') {
      expect(row.paidAt).toBeNull();
      expect(discarded.status === 'fulfilled' && discarded.value.statusCode).toBe(200);
    } else {
      expect(row.status).toBe('paid');
      expect(paid.status).toBe('fulfilled');
      expect(discarded.status === 'fulfilled' && discarded.value.statusCode).toBe(409);
    }
  });
});
