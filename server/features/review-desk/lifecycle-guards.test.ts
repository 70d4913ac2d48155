/** Issue 29, item 5 (low): three moves the red team made that the lifecycle must refuse, each with its message. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_PAYMENT_MESSAGES } from '../../../shared/after-payment.schema';
import { REVIEW_MESSAGES } from '../../../shared/review.schema';
import { refunds, submissions } from '../../db/schema';
import { createOrder, createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let customer: SignedInUser;
let admin: SignedInUser;
let reviewer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  reviewer = await signUpReviewer(t.app);
});
afterAll(async () => {
  await t.close();
});

const status = async (id: string) => (await t.app.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;

describe('lifecycle guards (issue 29)', () => {
  it('a reviewer cannot start or deliver an unpaid order; the administrators keep their override', async () => {
    const id = await createOrder(t.app, customer);
    const moved = await t.request('PATCH', `/api/admin/submissions/${id}/status`, reviewer, { status: 'in-review' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ message: REVIEW_MESSAGES.unpaidNeedsAdmin });
    const delivered = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'Done.', reviewerNotes: '', complete: true });
    expect(delivered.statusCode).toBe(409);
    expect((await status(id)).status).toBe('new');

    const override = await t.request('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'in-review' });
    expect(override.statusCode).toBe(200);
    expect((await status(id)).status).toBe('in-review');
  });

  it('a completed review is not changed silently: saving it again is refused until the order is back in review', async () => {
    const id = await createPaidOrder(t.app, customer);
    const first = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'The delivered text.', reviewerNotes: '', complete: true });
    expect(first.statusCode).toBe(200);
    for (const complete of [false, true]) {
      const changed = await saveReviewAs(t.app, admin, id, { attachmentMode: 'text', reviewedContent: 'Quietly different.', reviewerNotes: '', complete });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({ message: REVIEW_MESSAGES.completedIsDelivered });
    }
    expect((await status(id)).reviewedContent).toBe('The delivered text.');
    // Reopened on purpose (recorded in the history), it can change, and completing it again is a new delivery.
    expect((await t.request('PATCH', `/api/admin/submissions/${id}/status`, admin, { status: 'in-review' })).statusCode).toBe(200);
    const again = await saveReviewAs(t.app, admin, id, { attachmentMode: 'text', reviewedContent: 'The corrected text.', reviewerNotes: '', complete: true });
    expect(again.statusCode).toBe(200);
    expect((await status(id)).reviewedContent).toBe('The corrected text.');
  });

  it('a refund request id used on one order is refused on another, which keeps its money', async () => {
    const first = await createPaidOrder(t.app, customer);
    const second = await createPaidOrder(t.app, customer);
    const requestId = randomUUID();
    const refund = (id: string) => t.request('POST', `/api/admin/submissions/${id}/refunds`, admin, { requestId, amountPence: 100, reason: 'Late delivery' });
    expect((await refund(first)).statusCode).toBe(200);
    // The same request again on the same order: a double click, answered as done, nothing more refunded.
    expect((await refund(first)).statusCode).toBe(200);
    const reused = await refund(second);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: AFTER_PAYMENT_MESSAGES.refundRequestReused });
    expect(await t.app.db.select().from(refunds).where(eq(refunds.submissionId, first))).toHaveLength(1);
    expect(await t.app.db.select().from(refunds).where(eq(refunds.submissionId, second))).toHaveLength(0);
  });
});
