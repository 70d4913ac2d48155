import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  CREDIT_MESSAGES,
  type CreditBalance,
  type CreditCheckoutResponse,
} from '../../../shared/api-v1.schema';
import { cardDigits, PAYMENT_MESSAGES, SANDBOX_CARDS, type SandboxConfirmInput } from '../../../shared/payment.schema';
import { CURRENCY } from '../../../shared/pricing';
import type { Database, Executor, Transaction } from '../../db/client';
import { creditPurchases, payments, type SubmissionRow } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { ProblemError } from '../../lib/problem';
import type { MailSettings } from '../../mail/settings';
import { markOrderPaid } from '../orders';
import type { PaymentProviderContext } from '../payments';

/** The provider name of an order paid from credit, on its `payments` row and on a refund of it. */
export const CREDIT_PROVIDER = 'credit';

/**
 * The balance is a sum over the ledger, never a stored number (decision 024): packs bought, minus orders paid from
 * credit, plus refunds of those orders (which go back to credit).
 */
export async function creditBalancePence(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ balance: number | string }>(sql`
    select
      coalesce((select sum(amount_pence) from credit_purchases where user_id = ${userId} and status = 'succeeded'), 0)
      - coalesce((select sum(p.amount_pence) from payments p join submissions s on s.id = p.submission_id
                  where s.user_id = ${userId} and p.provider = ${CREDIT_PROVIDER} and p.status = 'succeeded'), 0)
      + coalesce((select sum(r.amount_pence) from refunds r join submissions s on s.id = r.submission_id
                  where s.user_id = ${userId} and r.provider = ${CREDIT_PROVIDER}), 0)
      as balance`);
  return Number(result.rows[0]?.balance ?? 0);
}

export async function creditStatement(db: Executor, userId: string): Promise<CreditBalance> {
  const result = await db.execute<{ id: string; kind: 'purchase' | 'order' | 'refund'; amount: number; submission_id: string | null; at: string | Date }>(sql`
    select id, 'purchase' as kind, amount_pence as amount, null as submission_id, succeeded_at as at
      from credit_purchases where user_id = ${userId} and status = 'succeeded'
    union all
    select p.id, 'order', -p.amount_pence, p.submission_id, coalesce(p.succeeded_at, p.created_at)
      from payments p join submissions s on s.id = p.submission_id
      where s.user_id = ${userId} and p.provider = ${CREDIT_PROVIDER} and p.status = 'succeeded'
    union all
    select r.id, 'refund', r.amount_pence, r.submission_id, r.created_at
      from refunds r join submissions s on s.id = r.submission_id
      where s.user_id = ${userId} and r.provider = ${CREDIT_PROVIDER}
    order by at desc, id desc
    limit 200`);
  return {
    balancePence: await creditBalancePence(db, userId),
    entries: result.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amountPence: Number(r.amount),
      submissionId: r.submission_id,
      at: new Date(r.at).toISOString(),
    })),
  };
}

/** Holds this customer's credit for the rest of the transaction: debits of one customer never interleave. */
export async function lockCredit(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`credit:${userId}`}, 0))`);
}

/**
 * Pays a `new` order from credit inside the caller's transaction, at the order's stored price (the form's price).
 * The customer's credit is locked first, so twenty orders at once see each other's debits and the balance never
 * goes below zero; too little credit is a 402 problem with the shortfall.
 */
export async function payOrderFromCredit(tx: Transaction, mail: MailSettings, submission: SubmissionRow): Promise<SubmissionRow> {
  await lockCredit(tx, submission.userId);
  const balancePence = await creditBalancePence(tx, submission.userId);
  const pricePence = submission.amountPence;
  if (balancePence < pricePence) {
    throw new ProblemError(402, `${CREDIT_MESSAGES.insufficient} Buy more credit in Settings → API keys.`, {
      shortfallPence: pricePence - balancePence,
      balancePence,
      pricePence,
    });
  }
  const now = new Date();
  const reference = `credit_${randomBytes(12).toString('hex')}`;
  await tx.insert(payments).values({
    id: newId(),
    submissionId: submission.id,
    provider: CREDIT_PROVIDER,
    providerPaymentId: reference,
    clientSecret: `${reference}_secret_${randomBytes(16).toString('hex')}`,
    amountPence: pricePence,
    currency: CURRENCY,
    status: 'succeeded',
    succeededAt: now,
  });
  // The same "mark paid" as a card payment (server/features/orders): a second tab finds it paid and gets a 409.
  const paid = await markOrderPaid(tx, mail, submission, 'Paid from credit');
  if (!paid) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
  return paid;
}

// ---------------------------------------------------------------------------------------------
// Buying a pack: the existing checkout's two providers (Stripe when keyed, the sandbox otherwise)
// ---------------------------------------------------------------------------------------------
export async function startCreditPurchase(
  db: Database,
  userId: string,
  amountPence: number,
  provider: PaymentProviderContext,
): Promise<CreditCheckoutResponse> {
  const id = newId();
  if (provider.stripe) {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await provider.stripe.client.paymentIntents.create(
        { amount: amountPence, currency: CURRENCY, metadata: { creditPurchaseId: id, userId }, automatic_payment_methods: { enabled: true } },
        { idempotencyKey: `credit-${id}` },
      );
    } catch (err) {
      provider.log.error({ err }, 'Stripe refused to create a credit PaymentIntent');
      throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
    }
    if (!intent.client_secret) throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
    await db.insert(creditPurchases).values({
      id,
      userId,
      amountPence,
      currency: CURRENCY,
      provider: 'stripe',
      providerPaymentId: intent.id,
      clientSecret: intent.client_secret,
      status: 'requires_payment',
    });
    return { purchaseId: id, clientSecret: intent.client_secret, provider: 'stripe', amountPence, publishableKey: provider.stripe.settings.publishableKey };
  }
  const providerPaymentId = `sbx_cr_${randomBytes(12).toString('hex')}`;
  const clientSecret = `${providerPaymentId}_secret_${randomBytes(16).toString('hex')}`;
  await db.insert(creditPurchases).values({
    id,
    userId,
    amountPence,
    currency: CURRENCY,
    provider: 'sandbox',
    providerPaymentId,
    clientSecret,
    status: 'requires_payment',
  });
  return { purchaseId: id, clientSecret, provider: 'sandbox', amountPence, publishableKey: null };
}

/**
 * The one way credit is added: a conditional UPDATE, so a repeated confirmation or webhook adds the pack once.
 * The provider's amount and currency must match the stored pack.
 */
export async function markCreditPurchaseSucceeded(
  db: Executor,
  event: { provider: 'stripe' | 'sandbox'; providerPaymentId: string; amountPence: number; currency: string },
): Promise<'credited' | 'already-credited' | 'unknown' | 'amount-mismatch'> {
  const [row] = await db
    .select()
    .from(creditPurchases)
    .where(and(eq(creditPurchases.provider, event.provider), eq(creditPurchases.providerPaymentId, event.providerPaymentId)))
    .limit(1);
  if (!row) return 'unknown';
  if (row.amountPence !== event.amountPence || row.currency !== event.currency.toLowerCase()) {
    await db.update(creditPurchases).set({ status: 'amount_mismatch' }).where(and(eq(creditPurchases.id, row.id), ne(creditPurchases.status, 'succeeded')));
    return 'amount-mismatch';
  }
  const updated = await db
    .update(creditPurchases)
    .set({ status: 'succeeded', succeededAt: new Date(), failureMessage: null })
    .where(and(eq(creditPurchases.id, row.id), ne(creditPurchases.status, 'succeeded')))
    .returning({ id: creditPurchases.id });
  return updated.length > 0 ? 'credited' : 'already-credited';
}

/** The sandbox's card check for a credit pack (the same test cards as an order's checkout). */
export async function confirmSandboxCreditPurchase(db: Database, userId: string, input: SandboxConfirmInput): Promise<{ balancePence: number }> {
  const [row] = await db.select().from(creditPurchases).where(eq(creditPurchases.clientSecret, input.clientSecret)).limit(1);
  if (!row || row.provider !== 'sandbox' || row.userId !== userId) throw notFound(CREDIT_MESSAGES.notFound);
  if (row.status === 'succeeded') throw conflict(CREDIT_MESSAGES.alreadyPaid);
  const digits = cardDigits(input.cardNumber);
  if (digits !== SANDBOX_CARDS.success) {
    const message = digits === SANDBOX_CARDS.insufficientFunds ? PAYMENT_MESSAGES.insufficientFunds : PAYMENT_MESSAGES.declined;
    await db.update(creditPurchases).set({ status: 'failed', failureMessage: message }).where(and(eq(creditPurchases.id, row.id), ne(creditPurchases.status, 'succeeded')));
    throw new HttpError(402, message);
  }
  const outcome = await markCreditPurchaseSucceeded(db, {
    provider: 'sandbox',
    providerPaymentId: row.providerPaymentId,
    amountPence: row.amountPence,
    currency: row.currency,
  });
  if (outcome === 'already-credited') throw conflict(CREDIT_MESSAGES.alreadyPaid);
  return { balancePence: await creditBalancePence(db, userId) };
}

