/**
 * Credit notes credit VAT as the running difference against their invoice (decision 055): all the credit notes of an
 * invoice together never credit more VAT than it charged, and exactly its VAT and net once it is refunded in full,
 * in any number of parts, concurrent ones included.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VAT_STANDARD_RATE_BASIS_POINTS, vatOfGross } from '../../../shared/billing-documents.schema';
import { billingDocuments, payments, refunds, submissions, type BillingDocumentRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { TEST_DATABASE_URL } from '../../test-support/database';
import { createOrder, payOrder } from '../../test-support/orders';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { creditNoteVat } from './credit-note-vat';
import { issueRefundCreditNotes } from './issuer';

let t: TestApp;
let alice: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ VAT_NUMBER: 'GB123456789', ADMIN_EMAILS: 'team@example.com' });
  alice = await signUp(t.app, { firstName: 'Alice' });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => t.close());

/** An order of exactly `grossPence`, paid by card (sandbox): its VAT invoice is issued. */
async function paidOrderOf(grossPence: number): Promise<string> {
  const id = await createOrder(t.app, alice);
  await t.app.db.update(submissions).set({ amountPence: grossPence }).where(eq(submissions.id, id));
  await payOrder(t.app, alice, id);
  return id;
}

const refund = (id: string, amountPence: number) =>
  t.request('POST', `/api/admin/submissions/${id}/refunds`, admin, { amountPence, reason: 'Part of the order', requestId: randomUUID() });

async function documentsOfOrder(id: string): Promise<{ invoice: BillingDocumentRow; notes: BillingDocumentRow[] }> {
  const rows = await t.app.db.select().from(billingDocuments).where(eq(billingDocuments.submissionId, id)).orderBy(asc(billingDocuments.number));
  const invoice = rows.find((r) => r.kind === 'vat-invoice');
  expect(invoice).toBeDefined();
  return { invoice: invoice!, notes: rows.filter((r) => r.kind === 'credit-note') };
}

const sum = (rows: readonly BillingDocumentRow[], key: 'grossPence' | 'netPence' | 'vatPence') => rows.reduce((s, r) => s + r[key], 0);

/** Each note adds up and credits no negative VAT; together they credit the VAT of what was refunded, never more. */
function expectConsistent(invoice: BillingDocumentRow, notes: readonly BillingDocumentRow[]): void {
  for (const note of notes) {
    expect(note.refersToId).toBe(invoice.id);
    expect(note.vatPence).toBeGreaterThanOrEqual(0);
    expect(note.netPence + note.vatPence).toBe(note.grossPence);
  }
  const refunded = sum(notes, 'grossPence');
  expect(sum(notes, 'vatPence')).toBe(vatOfGross(refunded, invoice.vatRateBasisPoints));
  expect(sum(notes, 'vatPence')).toBeLessThanOrEqual(invoice.vatPence);
  if (refunded === invoice.grossPence) {
    expect(sum(notes, 'vatPence')).toBe(invoice.vatPence);
    expect(sum(notes, 'netPence')).toBe(invoice.netPence);
  }
}

describe('VAT of partial refunds', () => {
  it('a £5.00 order refunded as 5 × £1 credits the invoice’s 83p of VAT and £4.17 net, not 85p', async () => {
    const id = await paidOrderOf(500);
    for (let i = 0; i < 5; i += 1) expect((await refund(id, 100)).statusCode).toBe(200);
    const { invoice, notes } = await documentsOfOrder(id);
    expect(invoice).toMatchObject({ grossPence: 500, vatPence: 83, netPence: 417 });
    expect(notes.map((n) => n.vatPence)).toEqual([17, 16, 17, 17, 16]);
    expect(sum(notes, 'vatPence')).toBe(83);
    expect(sum(notes, 'netPence')).toBe(417);
    expectConsistent(invoice, notes);
  });

  it('a credit note’s PDF prints its stored net on the line and in the totals', async () => {
    const id = await paidOrderOf(500);
    expect((await refund(id, 100)).statusCode).toBe(200);
    expect((await refund(id, 100)).statusCode).toBe(200);
    const { notes } = await documentsOfOrder(id);
    const second = notes[1]!;
    expect(second).toMatchObject({ grossPence: 100, vatPence: 16, netPence: 84 });
    const response = await t.request('GET', `/api/billing/documents/${second.id}/pdf`, alice);
    expect(response.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'hp-credit-note-'));
    try {
      writeFileSync(path.join(dir, 'note.pdf'), response.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'note.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('20% £0.84');
      expect(text).toContain('Total credited excluding VAT £0.84');
      expect(text).toContain('VAT credited at 20% £0.16');
      expect(text).not.toContain('£0.83');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('five partial refunds at once still credit exactly the invoice’s VAT and net', async () => {
    const id = await paidOrderOf(500);
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(id, 100)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const { invoice, notes } = await documentsOfOrder(id);
    expect(notes).toHaveLength(5);
    expectConsistent(invoice, notes);
    expect(sum(notes, 'vatPence')).toBe(83);
  });

  it('any split of the paid amount into partial refunds credits in total exactly the invoice’s VAT and net', async () => {
    const part = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 5_000 }));
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 6 }), async (parts) => {
        const id = await paidOrderOf(parts.reduce((s, p) => s + p, 0));
        for (const amount of parts) expect((await refund(id, amount)).statusCode).toBe(200);
        const { invoice, notes } = await documentsOfOrder(id);
        expect(notes.map((n) => n.grossPence)).toEqual(parts);
        expectConsistent(invoice, notes);
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});

describe('creditNoteVat', () => {
  it('for any rate and any split, the running total is the VAT of what was refunded: each part ≥ 0 and ≤ its gross', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(VAT_STANDARD_RATE_BASIS_POINTS), fc.constant(500), fc.integer({ min: 1, max: 10_000 })),
        fc.array(fc.oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 1_000_000 })), { minLength: 1, maxLength: 30 }),
        (rate, parts) => {
          const gross = parts.reduce((s, p) => s + p, 0);
          const invoiceVat = vatOfGross(gross, rate);
          const before = { grossPence: 0, vatPence: 0 };
          for (const grossPence of parts) {
            const vat = creditNoteVat({ grossPence, rateBasisPoints: rate, invoiceVatPence: invoiceVat, before });
            expect(vat).toBeGreaterThanOrEqual(0);
            expect(vat).toBeLessThanOrEqual(grossPence);
            before.grossPence += grossPence;
            before.vatPence += vat;
            expect(before.vatPence).toBe(vatOfGross(before.grossPence, rate));
          }
          expect(before.vatPence).toBe(invoiceVat);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('credits no VAT for a receipt, and evens out notes that credited too much before this rule', () => {
    expect(creditNoteVat({ grossPence: 100, rateBasisPoints: 0, invoiceVatPence: 0, before: { grossPence: 0, vatPence: 0 } })).toBe(0);
    // 4 × £1 credited 4 × 17p = 68p under the old rounding; the last £1 of £5 credits the 15p left of 83p, not 17p.
    expect(creditNoteVat({ grossPence: 100, rateBasisPoints: 2000, invoiceVatPence: 83, before: { grossPence: 400, vatPence: 68 } })).toBe(15);
    // Over-credited already: never a negative VAT.
    expect(creditNoteVat({ grossPence: 1, rateBasisPoints: 2000, invoiceVatPence: 83, before: { grossPence: 400, vatPence: 80 } })).toBe(0);
  });
});

// Two refunds issuing at once without the order's row lock (each caller holds it today; this checks the issuer
// alone): the second credit note's VAT is read after its number, so it waits on the first's numbering lock and sees
// the first's note once that commits. Only PostgreSQL runs two transactions at once (PGlite has one connection).
describe.runIf(TEST_DATABASE_URL)('concurrent credit notes on PostgreSQL', () => {
  it('the second of two refunds issuing at once sees the first’s credit note', async () => {
    const id = await paidOrderOf(500);
    const [payment] = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.submissionId, id), eq(payments.status, 'succeeded')));
    const insertRefund = (tx: Parameters<Parameters<typeof t.app.db.transaction>[0]>[0]) =>
      tx.insert(refunds).values({
        id: newId(),
        submissionId: id,
        paymentId: payment!.id,
        provider: payment!.provider,
        providerRefundId: `sbx_re_${newId()}`,
        amountPence: 100,
        source: 'admin',
      });

    let numbered!: () => void;
    const firstNumbered = new Promise<void>((resolve) => (numbered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = t.app.db.transaction(async (tx) => {
      await insertRefund(tx);
      await issueRefundCreditNotes(tx, id);
      numbered();
      await gate;
    });
    await firstNumbered;
    const second = t.app.db.transaction(async (tx) => {
      await insertRefund(tx);
      await issueRefundCreditNotes(tx, id);
    });
    // The second waits on the series row the first holds.
    await vi.waitFor(
      async () => {
        const waiting = await t.app.db.execute<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%document_number_series%'`);
        expect(Number(waiting.rows[0]!.n)).toBe(1);
      },
      { timeout: 2_500, interval: 10 },
    );
    release();
    await Promise.all([first, second]);

    const { invoice, notes } = await documentsOfOrder(id);
    expect(notes.map((n) => n.vatPence)).toEqual([17, 16]);
    expectConsistent(invoice, notes);
  });
});
