import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  CREDIT_MESSAGES,
  type CreditBalance,
  type CreditCheckoutResponse,
} from '../../../shared/api-v1.schema';
import { cardDigits, CREDIT_PROVIDER, PAYMENT_MESSAGES, SANDBOX_CARDS, type SandboxConfirmInput } from '../../../shared/payment.schema';
import { CURRENCY } from '../../../shared/pricing';
import type { Database, Executor, Transaction } from '../../db/client';
import { creditPurchases, payments, type SubmissionRow } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { ProblemError } from '../../lib/problem';
import type { FeatureContext } from '../context';
import { markOrderPaid } from '../orders';
import { holderOfOrder, membershipOf, type Holder } from '../organisations';
import type { PaymentProviderContext } from '../payments';
import { issueCreditPurchaseDocument, type BillingIssuer } from '../billing-documents';


/**
 * Whose credit (decision 047): an organisation's, shared by its members (packs bought for it, orders placed for it),
 * or a lone account's (its packs and orders without an organisation, exactly as before organisations existed).
 */
export type Wallet = Holder;

/** The wallet a customer spends from and sees: their organisation's while they are a member, else their own. */
export async function walletOf(db: Executor, userId: string): Promise<Wallet> {
  const membership = await membershipOf(db, userId);
  return membership ? { organisationId: membership.organisationId } : { userId };
}

/** The wallet an order is paid from: its organisation's, or for a lone account's order its placer's. */
export const walletOfOrder: (order: Pick<SubmissionRow, 'userId' | 'organisationId'>) => Wallet = holderOfOrder;

/** The wallet's packs (`alias` a credit_purchases row) and its orders (`alias` a submissions row), as SQL. */
function walletPacks(wallet: Wallet, alias: string): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return 'organisationId' in wallet
    ? sql`${column('organisation_id')} = ${wallet.organisationId}`
    : sql`${column('organisation_id')} is null and ${column('user_id')} = ${wallet.userId}`;
}
const walletOrders = walletPacks;

/**
 * The balance is a sum over the ledger, never a stored number (decision 024): packs bought, minus orders paid from
 * credit, plus refunds of those orders (which go back to credit); all of one wallet's (decision 047).
 */
export async function creditBalancePence(db: Executor, wallet: Wallet): Promise<number> {
  const result = await db.execute<{ balance: number | string }>(sql`
    select
      coalesce((select sum(c.amount_pence) from credit_purchases c where ${walletPacks(wallet, 'c')} and c.status = 'succeeded'), 0)
      - coalesce((select sum(p.amount_pence) from payments p join submissions s on s.id = p.submission_id
                  where ${walletOrders(wallet, 's')} and p.provider = ${CREDIT_PROVIDER} and p.status = 'succeeded'), 0)
      + coalesce((select sum(r.amount_pence) from refunds r join submissions s on s.id = r.submission_id
                  where ${walletOrders(wallet, 's')} and r.provider = ${CREDIT_PROVIDER}), 0)
      as balance`);
  return Number(result.rows[0]?.balance ?? 0);
}

export async function creditStatement(db: Executor, wallet: Wallet): Promise<CreditBalance> {
  const result = await db.execute<{ id: string; kind: 'purchase' | 'order' | 'refund'; amount: number; submission_id: string | null; at: string | Date }>(sql`
    select c.id, 'purchase' as kind, c.amount_pence as amount, null as submission_id, c.succeeded_at as at
      from credit_purchases c where ${walletPacks(wallet, 'c')} and c.status = 'succeeded'
    union all
    select p.id, 'order', -p.amount_pence, p.submission_id, coalesce(p.succeeded_at, p.created_at)
      from payments p join submissions s on s.id = p.submission_id
      where ${walletOrders(wallet, 's')} and p.provider = ${CREDIT_PROVIDER} and p.status = 'succeeded'
    union all
    select r.id, 'refund', r.amount_pence, r.submission_id, r.created_at
      from refunds r join submissions s on s.id = r.submission_id
      where ${walletOrders(wallet, 's')} and r.provider = ${CREDIT_PROVIDER}
    order by at desc, id desc
    limit 200`);
  return {
    balancePence: await creditBalancePence(db, wallet),
    entries: result.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amountPence: Number(r.amount),
      submissionId: r.submission_id,
      at: new Date(r.at).toISOString(),
    })),
  };
}

/**
 * Holds this wallet for the rest of the transaction: debits of one wallet never interleave (an organisation's
 * members share one lock; a lone account keeps the key it always had).
 */
export async function lockCredit(tx: Transaction, wallet: Wallet): Promise<void> {
  const key = 'organisationId' in wallet ? `credit:org:${wallet.organisationId}` : `credit:${wallet.userId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Pays a `new` order from credit inside the caller's transaction, at the order's stored price (the form's price),
 * from the order's wallet (its organisation's for an organisation's order). The wallet is locked first, so twenty orders at once see each other's debits and the balance never
 * goes below zero; too little credit is a 402 problem with the shortfall.
 */
export async function payOrderFromCredit(tx: Transaction, context: FeatureContext, submission: SubmissionRow): Promise<SubmissionRow> {
  const wallet = walletOfOrder(submission);
  await lockCredit(tx, wallet);
  const balancePence = await creditBalancePence(tx, wallet);
  const pricePence = submission.amountPence;
  if (balancePence < pricePence) {
    const more = 'organisationId' in wallet ? CREDIT_MESSAGES.organisationTopUp : 'Buy more credit in Settings → API keys.';
    throw new ProblemError(402, `${CREDIT_MESSAGES.insufficient} ${more}`, {
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
  const paid = await markOrderPaid(tx, context, submission, 'Paid from credit');
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
  // A member's wallet is the organisation's, and only its owners pay into it (decision 047).
  const membership = await membershipOf(db, userId);
  if (membership && membership.role !== 'owner') throw forbidden(CREDIT_MESSAGES.ownerOnly);
  const organisationId = membership?.organisationId ?? null;
  const id = newId();
  const { publishableKey, ...payment } = provider.stripe
    ? await startStripeCreditPayment(provider.stripe, provider.log, { id, userId, amountPence })
    : startSandboxCreditPayment();
  await db
    .insert(creditPurchases)
    .values({ id, userId, organisationId, amountPence, currency: CURRENCY, ...payment, status: 'requires_payment' });
  return { purchaseId: id, clientSecret: payment.clientSecret, provider: payment.provider, amountPence, publishableKey };
}

/** A pack's payment as its provider started it: what the purchase row keeps and the checkout needs. */
interface StartedCreditPayment {
  provider: 'stripe' | 'sandbox';
  providerPaymentId: string;
  clientSecret: string;
  publishableKey: string | null;
}

async function startStripeCreditPayment(
  stripe: NonNullable<PaymentProviderContext['stripe']>,
  log: PaymentProviderContext['log'],
  { id, userId, amountPence }: { id: string; userId: string; amountPence: number },
): Promise<StartedCreditPayment> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.client.paymentIntents.create(
      { amount: amountPence, currency: CURRENCY, metadata: { creditPurchaseId: id, userId }, automatic_payment_methods: { enabled: true } },
      { idempotencyKey: `credit-${id}` },
    );
  } catch (err) {
    log.error({ err }, 'Stripe refused to create a credit PaymentIntent');
    throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  }
  if (!intent.client_secret) throw new HttpError(502, PAYMENT_MESSAGES.setupFailed);
  return { provider: 'stripe', providerPaymentId: intent.id, clientSecret: intent.client_secret, publishableKey: stripe.settings.publishableKey };
}

function startSandboxCreditPayment(): StartedCreditPayment {
  const providerPaymentId = `sbx_cr_${randomBytes(12).toString('hex')}`;
  const clientSecret = `${providerPaymentId}_secret_${randomBytes(16).toString('hex')}`;
  return { provider: 'sandbox', providerPaymentId, clientSecret, publishableKey: null };
}

/**
 * The one way credit is added: a conditional UPDATE, so a repeated confirmation or webhook adds the pack once.
 * The provider's amount and currency must match the stored pack.
 */
export async function markCreditPurchaseSucceeded(
  db: Executor,
  event: { provider: 'stripe' | 'sandbox'; providerPaymentId: string; amountPence: number; currency: string },
  billing: BillingIssuer,
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
  // The pack and its receipt or VAT invoice commit together (decision 044).
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(creditPurchases)
      .set({ status: 'succeeded', succeededAt: new Date(), failureMessage: null })
      .where(and(eq(creditPurchases.id, row.id), ne(creditPurchases.status, 'succeeded')))
      .returning({ id: creditPurchases.id });
    if (updated.length > 0) await issueCreditPurchaseDocument(tx, billing, row.id);
    return updated.length > 0 ? 'credited' : 'already-credited';
  });
}

/** The sandbox's card check for a credit pack (the same test cards as an order's checkout). */
export async function confirmSandboxCreditPurchase(
  db: Database,
  userId: string,
  input: SandboxConfirmInput,
  billing: BillingIssuer,
): Promise<{ balancePence: number }> {
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
  }, billing);
  if (outcome === 'already-credited') throw conflict(CREDIT_MESSAGES.alreadyPaid);
  return { balancePence: await creditBalancePence(db, row.organisationId ? { organisationId: row.organisationId } : { userId }) };
}

