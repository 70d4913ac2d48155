/**
 * Issue 42, item 7: one count of words changed. The certificate said 220 where the dashboard and the e-mail said 175:
 * the certificate added the inserted and the removed words, the others counted a replaced word once. One function
 * (wordsChanged in shared/text-diff.ts) now makes every one of them; this test holds them equal on a delivery whose
 * two counts differ.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnCertificate, PublicCertificate } from '../../../shared/certificate.schema';
import { diffStats, diffWords, wordsChanged } from '../../../shared/text-diff';
import { deliveryEfforts, deliveries, emailOutbox } from '../../db/schema';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';

const ORIGINAL = 'The bridge opened in 1899 and is the most beautiful bridge in the world. People visit it every day.';
const DELIVERED = 'The bridge opened in 1889 and is a much-loved bridge. About a thousand people visit it every day.';

let t: TestApp;
let customer: SignedInUser;
let reviewer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  reviewer = await signUpReviewer(t.app, 'Rita');
});
afterAll(async () => t?.close());

describe('words changed', () => {
  it('is one number on the certificate, in the effort record, in the e-mail and on the dashboard', async () => {
    const parts = diffWords(ORIGINAL, DELIVERED);
    const stats = diffStats(parts);
    const expected = wordsChanged(parts);
    // The delivery is one where adding inserted and removed words gives another answer.
    expect(stats.insertedWords + stats.deletedWords).toBeGreaterThan(expected);
    expect(expected).toBeGreaterThan(0);

    const id = await createPaidOrder(t.app, customer, { content: ORIGINAL });
    const done = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: DELIVERED, reviewerNotes: '', complete: true });
    expect(done.statusCode, done.body).toBe(200);

    // The certificate (signed) and the effort record behind it.
    const { code } = (await t.request('GET', `/api/submissions/${id}/certificate`, customer)).json() as OwnCertificate;
    const shown = (await t.request('GET', `/api/v1/certificates/${code}`)).json() as PublicCertificate;
    expect(shown.visibility === 'public' && shown.certificate.effort.wordsChanged).toBe(expected);
    const [effort] = await t.app.db
      .select({ wordsChanged: deliveryEfforts.wordsChanged })
      .from(deliveryEfforts)
      .innerJoin(deliveries, eq(deliveries.id, deliveryEfforts.deliveryId))
      .where(eq(deliveries.submissionId, id));
    expect(effort!.wordsChanged).toBe(expected);

    // The e-mail.
    const [mail] = await t.app.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'review-completed'), eq(emailOutbox.dedupeKey, `review-completed:${id}:${customer.email.toLowerCase()}`)));
    expect(mail!.text).toContain(`Words changed: ${expected}`);

    // The dashboard counts the customer's copy of the order the same way (client/features/fact-check/review-delivery.tsx).
    const order = (await t.request('GET', `/api/submissions/${id}`, customer)).json() as { content: string; reviewedContent: string };
    expect(wordsChanged(diffWords(order.content, order.reviewedContent))).toBe(expected);
  });
});
