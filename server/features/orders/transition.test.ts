import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, submissions, submissionStatusChanges, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { insertOrder } from '../../test-support/mail';
import { createTestApp, signUp, type TestApp } from '../../test-support/test-app';
import { markOrderPaid } from './mark-paid';
import { transition } from './transition';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await signUp(t.app);
  userId = (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email)))[0]!.id;
});
afterAll(async () => {
  await t.close();
});

describe('transition: the one place an order status changes', () => {
  it('applies a move with its history and one domain event, in the same transaction', async () => {
    const order = await insertOrder(t.app.db, userId, { status: 'paid', dueDate: null, reviewStartedAt: null });
    const moved = await t.app.db.transaction((tx) =>
      transition(tx, order, 'in-review', { kind: 'admin', userId }, 'Review started', { context: t.app.context }),
    );
    expect(moved).toMatchObject({ status: 'in-review' });
    expect(moved!.dueDate).not.toBeNull();
    expect(moved!.reviewStartedAt).not.toBeNull();
    const history = await t.app.db.select().from(submissionStatusChanges).where(eq(submissionStatusChanges.submissionId, order.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.reason])).toEqual([['paid', 'in-review', 'Review started']]);
    const events = await t.app.db.select().from(orderEvents).where(eq(orderEvents.submissionId, order.id));
    expect(events.map((e) => [e.type, e.fromStatus, e.toStatus, e.actorKind, e.actorId])).toEqual([['order.in_review', 'paid', 'in-review', 'admin', userId]]);

    // A change that fails later rolls the move, its history and its event back together.
    await expect(
      t.app.db.transaction(async (tx) => {
        await transition(tx, moved!, 'completed', { kind: 'admin', userId }, 'Delivered', { context: t.app.context });
        throw new Error('the delivery failed');
      }),
    ).rejects.toThrow('the delivery failed');
    expect((await t.app.db.select().from(submissions).where(eq(submissions.id, order.id)))[0]!.status).toBe('in-review');
    expect(await t.app.db.select().from(orderEvents).where(eq(orderEvents.submissionId, order.id))).toHaveLength(1);
  });

  it('refuses a move the lifecycle does not allow for the actor with a 409, and changes nothing', async () => {
    const order = await insertOrder(t.app.db, userId, { status: 'completed' });
    for (const [to, kind] of [['paid', 'admin'], ['cancelled', 'customer'], ['in-review', 'customer'], ['completed', 'admin']] as const) {
      const attempt = t.app.db.transaction((tx) => transition(tx, order, to, { kind, userId }, 'x', { context: t.app.context }));
      await expect(attempt).rejects.toBeInstanceOf(HttpError);
      await expect(attempt).rejects.toMatchObject({ statusCode: 409 });
    }
    expect(await t.app.db.select().from(orderEvents).where(eq(orderEvents.submissionId, order.id))).toHaveLength(0);
  });

  it('two moves from the same state at once (two tabs, two instances): exactly one applies', async () => {
    const order = await insertOrder(t.app.db, userId, { status: 'paid', reviewStartedAt: null });
    const results = await Promise.all(
      (['in-review', 'completed', 'in-review'] as const).map((to) =>
        t.app.db.transaction((tx) => transition(tx, order, to, { kind: 'admin', userId }, `to ${to}`, { context: t.app.context })),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const events = await t.app.db.select().from(orderEvents).where(eq(orderEvents.submissionId, order.id)).orderBy(asc(orderEvents.createdAt));
    expect(events).toHaveLength(1);
    const history = await t.app.db.select().from(submissionStatusChanges).where(eq(submissionStatusChanges.submissionId, order.id));
    expect(history).toHaveLength(1);
  });

  it('mark paid is idempotent: a replay changes nothing and queues nothing', async () => {
    const order = await insertOrder(t.app.db, userId, { status: 'new', paidAt: null, dueDate: null });
    const first = await t.app.db.transaction((tx) => markOrderPaid(tx, t.app.context, order, 'payment'));
    expect(first).toMatchObject({ status: 'paid' });
    expect(first!.paidAt).not.toBeNull();
    expect(first!.dueDate).not.toBeNull();
    const replay = await t.app.db.transaction((tx) => markOrderPaid(tx, t.app.context, first!, 'payment'));
    expect(replay).toBeNull();
    // The stale copy a second tab still holds ("new") finds the order moved on: no second payment event.
    const stale = await t.app.db.transaction((tx) => markOrderPaid(tx, t.app.context, order, 'payment'));
    expect(stale).toBeNull();
    const events = await t.app.db.select().from(orderEvents).where(eq(orderEvents.submissionId, order.id));
    expect(events.map((e) => e.type)).toEqual(['order.paid']);
  });
});
