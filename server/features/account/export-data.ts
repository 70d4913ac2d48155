import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Submission } from '../../../shared/submission.schema';
import type { Database, Executor } from '../../db/client';
import {
  billingDetails,
  billingDocuments,
  creditPurchases,
  payments,
  savedCards,
  users,
  webhookEndpoints,
} from '../../db/schema';
import { formatDocumentNumber } from '../../../shared/billing-documents.schema';
import { membershipOf } from '../organisations';
import { visibleDocuments } from '../billing-documents';
import { creditBalancePence } from '../credit';
import { ownApiKeys } from '../api-keys';
import { penceToPounds } from '../../../shared/money';
import { listOwnOrders, type OwnOrdersPage } from '../customer-orders';
import { exportMessages } from './export-messages';
import { listDeviceSessions } from './security';

/** Orders are read in pages of the dashboard's own query; this many a page. */
const ORDER_PAGE = 100;

/**
 * Everything the account holds about its owner, as the owner may see it NOW (decision 047: an organisation's
 * orders are its current members', never a former member's): profile, the orders exactly as GET /api/submissions
 * lists them (the same query, so the review only once delivered), their messages labelled by author, their
 * payments (no provider secrets), devices, prepaid credit of the account's own wallet (purchases and balance), API
 * keys and webhook endpoints (issue 29), and (issue 27) the organisation and role, saved cards (brand, last four,
 * expiry: all that is kept), the account's billing details and the receipts, invoices and credit notes issued to it
 * for what it may still see. Never a secret: no key, key hash, webhook signing secret, payment client secret or
 * provider payment-method id.
 */
export async function exportAccountData(db: Database, userId: string, currentToken: string | null) {
  const [profile] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const orders = await exportOrders(db, userId);
  const orderIds = orders.map((o) => o.id);
  const [messageRows, paymentRows] = await Promise.all([
    exportMessages(db, userId, orderIds),
    orderIds.length === 0
      ? []
      : db
          .select({
            submissionId: payments.submissionId,
            provider: payments.provider,
            amountPence: payments.amountPence,
            currency: payments.currency,
            status: payments.status,
            createdAt: payments.createdAt,
          })
          .from(payments)
          .where(inArray(payments.submissionId, orderIds))
          .orderBy(asc(payments.createdAt)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: profile ? { ...profile, createdAt: profile.createdAt.toISOString() } : null,
    orders,
    messages: messageRows,
    payments: paymentRows.map(({ amountPence, createdAt, ...rest }) => ({
      ...rest,
      amount: penceToPounds(amountPence),
      createdAt: createdAt.toISOString(),
    })),
    devices: await listDeviceSessions(db, userId, currentToken),
    credit: await exportCredit(db, userId),
    apiKeys: await ownApiKeys(db, userId),
    webhookEndpoints: (
      await db
        .select({
          id: webhookEndpoints.id,
          url: webhookEndpoints.url,
          events: webhookEndpoints.events,
          enabled: webhookEndpoints.enabled,
          disabledReason: webhookEndpoints.disabledReason,
          disabledAt: webhookEndpoints.disabledAt,
          createdAt: webhookEndpoints.createdAt,
        })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    ).map((w) => ({ ...w, disabledAt: iso(w.disabledAt), createdAt: iso(w.createdAt) })),
    ...(await exportBilling(db, userId)),
  };
}

/**
 * Every order the account may see now, oldest first: the pages of GET /api/submissions's own query
 * (listOwnOrders, decision 047's rule), so the export never holds an order the dashboard does not.
 */
async function exportOrders(db: Database, userId: string): Promise<Submission[]> {
  const newestFirst: Submission[] = [];
  let after: OwnOrdersPage['next'] = null;
  do {
    const page = await listOwnOrders(db, userId, { limit: ORDER_PAGE, after });
    newestFirst.push(...page.items);
    after = page.next;
  } while (after);
  return newestFirst.reverse();
}

/** Issue 27: organisation membership, saved cards, billing details and the documents issued to the account. */
async function exportBilling(db: Executor, userId: string) {
  const membership = await membershipOf(db, userId);
  const cards = await db
    .select({ brand: savedCards.brand, last4: savedCards.last4, expMonth: savedCards.expMonth, expYear: savedCards.expYear, createdAt: savedCards.createdAt })
    .from(savedCards)
    .where(eq(savedCards.userId, userId))
    .orderBy(asc(savedCards.createdAt), asc(savedCards.id));
  const [details] = await db
    .select({ billingName: billingDetails.billingName, address: billingDetails.address, purchaseOrderReference: billingDetails.purchaseOrderReference })
    .from(billingDetails)
    .where(eq(billingDetails.userId, userId))
    .limit(1);
  const documents = await db
    .select({
      number: billingDocuments.number,
      kind: billingDocuments.kind,
      orderId: billingDocuments.submissionId,
      grossPence: billingDocuments.grossPence,
      issuedAt: billingDocuments.issuedAt,
    })
    .from(billingDocuments)
    .where(visibleDocuments(userId))
    .orderBy(asc(billingDocuments.number));
  return {
    organisation: membership ? { name: membership.organisationName, role: membership.role } : null,
    savedCards: cards.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    billingDetails: details ?? null,
    billingDocuments: documents.map(({ number, grossPence, issuedAt, ...rest }) => ({
      number: formatDocumentNumber(number),
      ...rest,
      total: penceToPounds(grossPence),
      issuedAt: issuedAt.toISOString(),
    })),
  };
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** Prepaid credit of the account's own wallet: every purchase (whatever its state) and the balance. */
async function exportCredit(db: Executor, userId: string) {
  const purchases = await db
    .select({
      id: creditPurchases.id,
      amountPence: creditPurchases.amountPence,
      currency: creditPurchases.currency,
      provider: creditPurchases.provider,
      status: creditPurchases.status,
      createdAt: creditPurchases.createdAt,
      succeededAt: creditPurchases.succeededAt,
    })
    .from(creditPurchases)
    // The account's own wallet, as the balance (decision 047): an organisation's packs are the organisation's.
    .where(and(eq(creditPurchases.userId, userId), isNull(creditPurchases.organisationId)))
    .orderBy(asc(creditPurchases.createdAt), asc(creditPurchases.id));
  return {
    // The account's own credit (decision 047): an organisation's shared credit is the organisation's, not personal data.
    balance: penceToPounds(await creditBalancePence(db, { userId })),
    purchases: purchases.map(({ amountPence, createdAt, succeededAt, ...rest }) => ({
      ...rest,
      amount: penceToPounds(amountPence),
      createdAt: createdAt.toISOString(),
      succeededAt: iso(succeededAt),
    })),
  };
}
