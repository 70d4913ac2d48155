import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  apiKeys,
  billingDetails,
  billingDocuments,
  creditPurchases,
  messages,
  payments,
  savedCards,
  submissions,
  users,
  webhookEndpoints,
} from '../../db/schema';
import { formatDocumentNumber } from '../../../shared/billing-documents.schema';
import { membershipOf } from '../organisations';
import { creditBalancePence } from '../credit';
import { penceToPounds } from '../../../shared/money';
import { toSubmission } from '../submissions';
import { listDeviceSessions } from './security';

/**
 * Everything the account holds about its owner, as the owner may see it: profile, orders (the review only once
 * delivered, as on the dashboard), the messages of those orders, payments (no provider secrets), devices, prepaid
 * credit (purchases and balance), API keys and webhook endpoints (issue 29), and (issue 27) the organisation and
 * role, saved cards (brand, last four, expiry: all that is kept), the account's billing details and the receipts,
 * invoices and credit notes issued to it. Never a secret: no key, key hash, webhook signing secret, payment client
 * secret or provider payment-method id.
 */
export async function exportAccountData(db: Executor, userId: string, currentToken: string | null) {
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
  const orders = await db
    .select()
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  const orderIds = orders.map((o) => o.id);
  const [messageRows, paymentRows] =
    orderIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(messages)
            .where(inArray(messages.submissionId, orderIds))
            .orderBy(asc(messages.createdAt), asc(messages.id)),
          db
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
    orders: orders.map((row) => toSubmission(row)),
    messages: messageRows.map((row) => ({
      id: row.id,
      orderId: row.submissionId,
      from: row.isFromAdmin ? 'HumanProof team' : 'you',
      content: row.content,
      hasAttachment: Boolean(row.attachmentUrl),
      sentAt: row.createdAt.toISOString(),
    })),
    payments: paymentRows.map(({ amountPence, createdAt, ...rest }) => ({
      ...rest,
      amount: penceToPounds(amountPence),
      createdAt: createdAt.toISOString(),
    })),
    devices: await listDeviceSessions(db, userId, currentToken),
    credit: await exportCredit(db, userId),
    apiKeys: (
      await db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          scopes: apiKeys.scopes,
          createdAt: apiKeys.createdAt,
          expiresAt: apiKeys.expiresAt,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
    ).map((k) => ({ ...k, createdAt: iso(k.createdAt), expiresAt: iso(k.expiresAt), lastUsedAt: iso(k.lastUsedAt), revokedAt: iso(k.revokedAt) })),
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
    .where(eq(billingDocuments.userId, userId))
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

/** Prepaid credit: every purchase (whatever its state) and the balance (orders paid from it are among `payments`). */
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
    .where(eq(creditPurchases.userId, userId))
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
