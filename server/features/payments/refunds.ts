import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { toCsv } from '../../../shared/csv';
import { AFTER_PAYMENT_MESSAGES, type LedgerEntry, type OrderMoney } from '../../../shared/after-payment.schema';
import { CREDIT_PROVIDER } from '../../../shared/payment.schema';
import type { Database, Executor, Transaction } from '../../db/client';
import { payments, refunds, submissions, type PaymentRow } from '../../db/schema';
import { conflict, HttpError } from '../../lib/http-error';
import { revokeIfRefundedInFull } from '../certificates';
import { newId } from '../../lib/ids';
import { issueRefundCreditNotes } from '../billing-documents';
import { refundedPenceOfOrder } from '../customer-orders';

/** Asks the payment provider to return money. Same key → same refund (Stripe's idempotency; the sandbox's hash). */
export interface RefundGateway {
  refund(input: { payment: PaymentRow; amountPence: number; idempotencyKey: string }): Promise<{ providerRefundId: string }>;
}

export function refundGateway(stripe: Stripe | null): RefundGateway {
  return {
    async refund({ payment, amountPence, idempotencyKey }) {
      if (payment.provider === 'sandbox' || payment.provider === CREDIT_PROVIDER) {
        // The sandbox's refund: accepted at once, with an id the key determines (as Stripe answers a repeated key).
        // An order paid from credit is refunded back to credit: the refund row itself is the credit (decision 024).
        const prefix = payment.provider === CREDIT_PROVIDER ? 'credit_re_' : 'sbx_re_';
        return { providerRefundId: `${prefix}${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
      }
      if (!stripe) throw new HttpError(502, AFTER_PAYMENT_MESSAGES.refundFailed);
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: payment.providerPaymentId, amount: amountPence, metadata: { submissionId: payment.submissionId } },
          { idempotencyKey },
        );
        return { providerRefundId: refund.id };
      } catch {
        throw new HttpError(502, AFTER_PAYMENT_MESSAGES.refundFailed);
      }
    },
  };
}

export interface RefundRequest {
  submissionId: string;
  /** Pence, or everything that remains. */
  amount: number | 'all';
  /** One per request (a cancel, an admin form): a repeat with the same key refunds nothing more. */
  idempotencyKey: string;
  source: 'cancellation' | 'admin' | 'late-delivery';
  reason: string;
  requestedBy: string | null;
}

export interface RefundOutcome {
  /** What this request refunded (0 for a replay). */
  refundedPence: number;
  replayed: boolean;
}

/** Money paid and refunded per payment of an order (succeeded payments only). */
async function paymentBalances(tx: Executor, submissionId: string) {
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.submissionId, submissionId), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.succeededAt), asc(payments.id));
  const refunded = await tx
    .select({ paymentId: refunds.paymentId, total: sql<number>`sum(${refunds.amountPence})::int` })
    .from(refunds)
    .where(eq(refunds.submissionId, submissionId))
    .groupBy(refunds.paymentId);
  const byPayment = new Map(refunded.map((r) => [r.paymentId, Number(r.total)]));
  return paid.map((payment) => ({ payment, remaining: payment.amountPence - (byPayment.get(payment.id) ?? 0) }));
}

/**
 * Refunds an order. The caller holds the submission's row lock (SELECT … FOR UPDATE or a conditional UPDATE) for
 * the whole transaction, so two refunds of one order never interleave and a provider webhook for this refund
 * waits until the row is written. Capped at what remains; a provider failure rolls the whole change back.
 */
export async function refundOrder(tx: Transaction, gateway: RefundGateway, request: RefundRequest): Promise<RefundOutcome> {
  const replay = await tx
    .select({ id: refunds.id, submissionId: refunds.submissionId })
    .from(refunds)
    .where(like(refunds.idempotencyKey, `${request.idempotencyKey}:%`))
    .limit(1);
  // The same request again (a double click, a retry) is answered as done; the same request id on another order is
  // a mistake, not a replay (issue 29): it must not answer 200 and refund nothing.
  if (replay[0] && replay[0].submissionId !== request.submissionId) throw conflict(AFTER_PAYMENT_MESSAGES.refundRequestReused);
  if (replay.length > 0) return { refundedPence: 0, replayed: true };

  const balances = await paymentBalances(tx, request.submissionId);
  const remaining = balances.reduce((sum, b) => sum + b.remaining, 0);
  if (remaining <= 0) {
    if (request.amount === 'all') return { refundedPence: 0, replayed: false };
    throw conflict(AFTER_PAYMENT_MESSAGES.refundNothingPaid);
  }
  const wanted = request.amount === 'all' ? remaining : request.amount;
  if (wanted > remaining) throw conflict(AFTER_PAYMENT_MESSAGES.refundTooLarge(remaining));

  let left = wanted;
  for (const { payment, remaining: available } of balances) {
    if (left === 0) break;
    const amountPence = Math.min(left, available);
    if (amountPence <= 0) continue;
    const idempotencyKey = `${request.idempotencyKey}:${payment.id}`;
    const { providerRefundId } = await gateway.refund({ payment, amountPence, idempotencyKey });
    await tx
      .insert(refunds)
      .values({
        id: newId(),
        submissionId: request.submissionId,
        paymentId: payment.id,
        provider: payment.provider,
        providerRefundId,
        idempotencyKey,
        amountPence,
        source: request.source,
        reason: request.reason,
        requestedBy: request.requestedBy,
      })
      .onConflictDoNothing();
    left -= amountPence;
  }
  // Each refund row gets its credit note in this transaction (decision 044).
  await issueRefundCreditNotes(tx, request.submissionId);
  await revokeIfRefundedInFull(tx, request.submissionId);
  return { refundedPence: wanted, replayed: false };
}

/** A refund the provider reports (Stripe's charge.refunded): either its refunds, or only the charge's total. */
export interface ProviderRefundReport {
  provider: 'stripe';
  providerPaymentId: string;
  chargeId: string;
  /** The charge's total refunded so far (cumulative). */
  amountRefunded: number;
  /** The refunds listed on the charge, when the event includes them. */
  refunds: { id: string; amount: number; status: string | null }[] | null;
}

/**
 * Records refunds made at the provider (its dashboard) or confirms ours. Each provider refund id is one row, so our
 * own call and its webhook count once. Without the list, the cumulative total is reconciled: only what exceeds the
 * recorded refunds is added, so a repeated or out-of-order event adds nothing.
 */
export async function recordProviderRefunds(db: Database, report: ProviderRefundReport): Promise<'recorded' | 'unknown-payment'> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, report.provider), eq(payments.providerPaymentId, report.providerPaymentId)))
      .limit(1);
    if (!payment) return 'unknown-payment';
    // The same lock our own refunds hold: a webhook for a refund we are making waits for our row.
    await tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, payment.submissionId)).for('update');
    const row = (source: string, providerRefundId: string, amountPence: number) => ({
      id: newId(),
      submissionId: payment.submissionId,
      paymentId: payment.id,
      provider: report.provider,
      providerRefundId,
      amountPence,
      source,
      reason: 'Refunded at the payment provider',
    });
    if (report.refunds) {
      for (const refund of report.refunds) {
        if (refund.status === 'failed' || refund.status === 'canceled' || refund.amount <= 0) continue;
        await tx.insert(refunds).values(row('provider', refund.id, refund.amount)).onConflictDoNothing();
      }
      await issueRefundCreditNotes(tx, payment.submissionId);
      await revokeIfRefundedInFull(tx, payment.submissionId);
      return 'recorded';
    }
    const [recorded] = await tx
      .select({ total: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const missing = report.amountRefunded - Number(recorded?.total ?? 0);
    if (missing > 0) {
      await tx.insert(refunds).values(row('provider', `${report.chargeId}:${report.amountRefunded}`, missing)).onConflictDoNothing();
    }
    await issueRefundCreditNotes(tx, payment.submissionId);
    await revokeIfRefundedInFull(tx, payment.submissionId);
    return 'recorded';
  });
}

// ---------------------------------------------------------------------------------------------
// The ledger: payments and refunds are rows; paid, refunded and net are their sums.
// ---------------------------------------------------------------------------------------------

/** Refunded pence per order, one query for any number of orders (the sum is submissions' refundedPenceOfOrder). */
export async function refundedByOrder(db: Executor, submissionIds: string[]): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (submissionIds.length === 0) return totals;
  const rows = await db
    .select({ submissionId: submissions.id, total: refundedPenceOfOrder() })
    .from(submissions)
    .where(inArray(submissions.id, submissionIds));
  for (const r of rows) if (Number(r.total) > 0) totals.set(r.submissionId, Number(r.total));
  return totals;
}

export async function orderMoney(db: Executor, submissionId: string): Promise<OrderMoney> {
  const paid = await db
    .select()
    .from(payments)
    .where(and(eq(payments.submissionId, submissionId), eq(payments.status, 'succeeded')));
  const returned = await db.select().from(refunds).where(eq(refunds.submissionId, submissionId));
  const entries: LedgerEntry[] = [
    ...paid.map((p) => ({
      id: p.id,
      kind: 'payment' as const,
      provider: p.provider,
      providerId: p.providerPaymentId,
      amountPence: p.amountPence,
      source: 'card',
      reason: '',
      at: (p.succeededAt ?? p.updatedAt).toISOString(),
    })),
    ...returned.map((r) => ({
      id: r.id,
      kind: 'refund' as const,
      provider: r.provider,
      providerId: r.providerRefundId,
      amountPence: r.amountPence,
      source: r.source,
      reason: r.reason,
      at: r.createdAt.toISOString(),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  const paidPence = paid.reduce((sum, p) => sum + p.amountPence, 0);
  const refundedPence = returned.reduce((sum, r) => sum + r.amountPence, 0);
  return { paidPence, refundedPence, netPence: paidPence - refundedPence, entries };
}

/** Every payment and refund between `from` (inclusive) and `to` (exclusive), oldest first, as CSV. */
export async function ledgerCsv(db: Executor, from: Date, to: Date): Promise<string> {
  const paid = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'succeeded'), gte(payments.succeededAt, from), lt(payments.succeededAt, to)));
  const returned = await db.select().from(refunds).where(and(gte(refunds.createdAt, from), lt(refunds.createdAt, to)));
  const rows = [
    ...paid.map((p) => ({ at: p.succeededAt!, kind: 'payment', id: p.id, submissionId: p.submissionId, provider: p.provider, providerId: p.providerPaymentId, pence: p.amountPence, source: 'card', reason: '' })),
    ...returned.map((r) => ({ at: r.createdAt, kind: 'refund', id: r.id, submissionId: r.submissionId, provider: r.provider, providerId: r.providerRefundId, pence: -r.amountPence, source: r.source, reason: r.reason })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
  const header = ['date', 'type', 'entry_id', 'submission_id', 'provider', 'provider_id', 'amount_pence', 'amount_gbp', 'source', 'reason'];
  return toCsv(
    header,
    rows.map((r) => [r.at.toISOString(), r.kind, r.id, r.submissionId, r.provider, r.providerId, r.pence, (r.pence / 100).toFixed(2), r.source, r.reason]),
  );
}
