import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { markReviewStarted } from '../review-desk';
import { createPaidOrder } from '../../test-support/orders';
import { ledgerCsv, orderMoney, refundedByOrder, refundGateway } from './refunds';
import { adminRefund } from './admin-refund';
import { cancelOrder } from './cancel-order';

/** Mulberry32: the same operations on every run, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
let customer: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

interface Model {
  id: string;
  paid: number;
  refunded: number;
  status: 'paid' | 'started' | 'cancelled';
}

describe('the ledger', () => {
  it('adds up after 1,000 random refunds, replays, cancels and starts', { timeout: 300_000 }, async () => {
    const next = random(13);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const gateway = refundGateway(null);
    const orders: Model[] = [];
    for (let i = 0; i < 8; i += 1) {
      const id = await createPaidOrder(t.app, customer, { serviceTier: pick(['fact-checked', 'polished', 'rewritten']) });
      orders.push({ id, paid: (await orderMoney(t.app.db, id)).paidPence, refunded: 0, status: 'paid' });
    }
    const requests: { orderId: string; requestId: string; amountPence: number }[] = [];
    let refusals = 0;
    for (let op = 0; op < 1000; op += 1) {
      const order = pick(orders);
      const roll = next();
      if (roll < 0.6) {
        const remaining = order.paid - order.refunded;
        const amountPence = 1 + Math.floor(next() * (remaining + 50));
        const request = { orderId: order.id, requestId: crypto.randomUUID(), amountPence };
        const outcome = adminRefund(t.app.db, t.app.mail, gateway, {
          submissionId: order.id,
          adminId: admin.id,
          refund: { requestId: request.requestId, amountPence, reason: `op ${op}` },
        });
        if (amountPence <= remaining) {
          await outcome;
          order.refunded += amountPence;
          requests.push(request);
        } else {
          await expect(outcome).rejects.toMatchObject({ statusCode: 409 });
          refusals += 1;
        }
      } else if (roll < 0.85 && requests.length > 0) {
        // A replay (double click, retry) of an earlier request changes nothing.
        const request = pick(requests);
        await adminRefund(t.app.db, t.app.mail, gateway, {
          submissionId: request.orderId,
          adminId: admin.id,
          refund: { requestId: request.requestId, amountPence: request.amountPence, reason: 'replay' },
        });
      } else if (roll < 0.93) {
        const outcome = cancelOrder(t.app.db, t.app.context, gateway, { submissionId: order.id, userId: customer.id, now: new Date() });
        if (order.status === 'paid' || order.status === 'cancelled') {
          await outcome;
          if (order.status === 'paid') order.refunded = order.paid;
          order.status = 'cancelled';
        } else {
          await expect(outcome).rejects.toMatchObject({ statusCode: 409 });
        }
      } else {
        const started = await t.app.db.transaction((tx) => markReviewStarted(tx, order.id, new Date()));
        expect(started).toBe(order.status === 'paid');
        if (started) order.status = 'started';
      }
    }
    expect(refusals).toBeGreaterThan(0);

    for (const order of orders) {
      const money = await orderMoney(t.app.db, order.id);
      expect(money).toMatchObject({ paidPence: order.paid, refundedPence: order.refunded, netPence: order.paid - order.refunded });
      const entries = money.entries.reduce((sum, e) => sum + (e.kind === 'payment' ? e.amountPence : -e.amountPence), 0);
      expect(entries).toBe(money.netPence);
    }
    const totals = await refundedByOrder(t.app.db, orders.map((o) => o.id));
    expect(orders.map((o) => totals.get(o.id) ?? 0)).toEqual(orders.map((o) => o.refunded));

    const csv = await ledgerCsv(t.app.db, new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000));
    const amounts = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(JSON.parse(`[${line}]`)[6]));
    const net = orders.reduce((sum, o) => sum + o.paid - o.refunded, 0);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(net);
  });
});
