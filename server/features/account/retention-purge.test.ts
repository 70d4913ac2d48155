import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, submissions, users } from '../../db/schema';
import { insertOrder } from '../../test-support/mail';
import { createTestApp, signUp, type TestApp } from '../../test-support/test-app';
import { purgeExpiredRecords, retentionCutoff } from './retention-purge';
import { newId } from '../../lib/ids';

describe('retentionCutoff: 6 years from the end of the financial year (1 April to 31 March)', () => {
  it.each([
    ['2032-11-25T10:00:00Z', '2026-04-01T00:00:00.000Z'],
    ['2032-04-01T00:00:00Z', '2026-04-01T00:00:00.000Z'],
    ['2032-03-31T23:59:59Z', '2025-04-01T00:00:00.000Z'],
    ['2032-01-10T00:00:00Z', '2025-04-01T00:00:00.000Z'],
  ])('on %s records dated before %s are past their period', (now, cutoff) => {
    expect(retentionCutoff(new Date(now)).toISOString()).toBe(cutoff);
  });
});

describe('the retention purge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function deletedAccount(): Promise<string> {
    const user = await signUp(t.app);
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await t.app.db.update(users).set({ email: `deleted-${row!.id.toLowerCase()}@deleted.invalid`, name: 'Deleted account' }).where(eq(users.id, row!.id));
    return row!.id;
  }

  it('deletes what a deleted account kept once its period is over, and nothing else', async () => {
    const now = new Date('2033-06-01T12:00:00Z'); // cutoff 1 April 2027
    const gone = await deletedAccount();
    const old = await insertOrder(t.app.db, gone, { createdAt: new Date('2026-05-01T00:00:00Z'), paidAt: new Date('2026-05-01T01:00:00Z'), completedAt: new Date('2027-03-30T00:00:00Z') });
    await t.app.db.insert(payments).values({ id: newId(), submissionId: old.id, provider: 'sandbox', providerPaymentId: `pi_${newId()}`, clientSecret: 'secret', amountPence: old.amountPence, currency: 'gbp', status: 'succeeded' });
    // Completed after the cutoff: its financial year has not ended 6 years ago yet.
    const recent = await insertOrder(t.app.db, gone, { createdAt: new Date('2027-03-01T00:00:00Z'), paidAt: new Date('2027-03-01T00:00:00Z'), completedAt: new Date('2027-04-02T00:00:00Z') });
    // A live account's old order is never purged.
    const live = await signUp(t.app);
    const [liveRow] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, live.email));
    const liveOrder = await insertOrder(t.app.db, liveRow!.id, { createdAt: new Date('2020-01-01T00:00:00Z'), paidAt: new Date('2020-01-01T00:00:00Z'), completedAt: new Date('2020-01-02T00:00:00Z') });
    // A deleted account whose only order is old goes entirely.
    const goneEntirely = await deletedAccount();
    const lastOrder = await insertOrder(t.app.db, goneEntirely, { createdAt: new Date('2025-01-01T00:00:00Z'), paidAt: new Date('2025-01-01T00:00:00Z'), completedAt: new Date('2025-01-03T00:00:00Z') });

    expect(await purgeExpiredRecords(t.app.db, now)).toEqual({ orders: 2, accounts: 1 });
    const left = await t.app.db.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, [old.id, recent.id, liveOrder.id, lastOrder.id]));
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, liveOrder.id].sort());
    expect(await t.app.db.select().from(payments).where(eq(payments.submissionId, old.id))).toHaveLength(0);
    expect(await t.app.db.select().from(users).where(eq(users.id, goneEntirely))).toHaveLength(0);
    expect(await t.app.db.select().from(users).where(eq(users.id, gone))).toHaveLength(1);
    // Run again (the next day, or a second instance): nothing more to do.
    expect(await purgeExpiredRecords(t.app.db, now)).toEqual({ orders: 0, accounts: 0 });
  });
});
