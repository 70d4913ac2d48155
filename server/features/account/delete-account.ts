import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { releaseClaimsOf } from '../review-desk';
import { handOverOrganisationOrders } from '../organisations';
import {
  deliveries,
  accounts,
  apiIdempotency,
  apiKeys,
  billingDetails,
  editorialDefaults,
  editorialRecords,
  emailOutbox,
  factCheckClaims,
  messages,
  paymentCustomers,
  payments,
  rateLimits,
  reviewDocuments,
  savedCards,
  sessions,
  styleGuides,
  submissions,
  users,
  verifications,
  webhookEndpoints,
} from '../../db/schema';

/** The address a deleted account keeps: unique (the users.email index), undeliverable (.invalid, RFC 2606). */
export function deletedAddress(userId: string): string {
  return `deleted-${userId.toLowerCase().replace(/[^a-z0-9-]/g, '')}@deleted.invalid`;
}

export const DELETED_NAME = 'Deleted account';
export const DELETED_CONTACT_NAME = 'Deleted customer';
export const DELETED_ORDER_TITLE = 'Deleted order';

/**
 * Erases the account's personal data in one transaction (decision 014): the profile, logins, sessions, tokens,
 * the content and contact details of its orders, their messages and review files, and the e-mails about it.
 * What accounting law requires stays: the order rows (id, service, words, amount, dates, status) and the payment
 * rows (provider, provider id, amount, currency, status), now tied to an anonymous account.
 * Returns the storage keys of the review files, to remove once the transaction has committed.
 */
export async function deleteAccount(db: Database, userId: string): Promise<{ storageKeys: string[] }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .limit(1);
    if (!user) return { storageKeys: [] };
    // Organisation orders stay with the organisation, passed to a remaining member (decision 043); the sole owner
    // of an organisation with other members is refused (409) before anything is erased.
    await handOverOrganisationOrders(tx, userId);
    const email = user.email.toLowerCase();
    const placeholder = deletedAddress(userId);

    await tx
      .update(users)
      .set({
        name: DELETED_NAME,
        email: placeholder,
        emailVerified: false,
        image: null,
        firstName: null,
        lastName: null,
        isAdmin: false,
        // Off the review team (issue 29: a deleted reviewer still showed on the Team page), its claims released.
        isReviewer: false,
        suspendedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await releaseClaimsOf(tx, userId);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    // The public API (decision 024): keys stop working, webhooks stop (their log goes with them), stored answers
    // (which quote order content) go. Credit purchases stay with the payment records.
    await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    await tx.delete(apiIdempotency).where(eq(apiIdempotency.userId, userId));
    // Issue 27: saved cards (brand, last four, expiry) and the provider's customer (the route deletes it at Stripe),
    // the account's own billing details and house style. Receipts and invoices stay (decision 044: VAT records).
    await tx.delete(savedCards).where(eq(savedCards.userId, userId));
    await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId));
    await tx.delete(billingDetails).where(eq(billingDetails.userId, userId));
    await tx.delete(styleGuides).where(eq(styleGuides.userId, userId));
    // Issue 43: the account's default of who holds editorial responsibility.
    await tx.delete(editorialDefaults).where(eq(editorialDefaults.userId, userId));
    // Password-reset tokens hold the user id as their value.
    await tx.delete(verifications).where(eq(verifications.value, userId));

    const orderIds = (
      await tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.userId, userId))
    ).map((o) => o.id);
    let storageKeys: string[] = [];
    if (orderIds.length > 0) {
      await tx
        .update(submissions)
        .set({
          title: DELETED_ORDER_TITLE,
          contactName: DELETED_CONTACT_NAME,
          contactEmail: placeholder,
          contactPhone: '',
          contactWebsite: '',
          content: '',
          instructions: '',
          additionalNotes: '',
          tone: '',
          targetAudience: '',
          reviewedContent: null,
          reviewerNotes: null,
          attachmentMode: null,
          documentLink: null,
          editorialResponsibility: null,
          updatedAt: new Date(),
        })
        .where(inArray(submissions.id, orderIds));
      // What was delivered, and its stored word diff, quote the content too.
      await tx
        .update(deliveries)
        .set({ reviewedContent: null, reviewerNotes: null, documentLink: null, diff: null })
        .where(inArray(deliveries.submissionId, orderIds));
      await tx.delete(messages).where(inArray(messages.submissionId, orderIds));
      // Fact-check claims quote passages of the content, and so do the editorial-control records (issue 43), which
      // also name the responsible editor.
      await tx.delete(factCheckClaims).where(inArray(factCheckClaims.submissionId, orderIds));
      await tx.delete(editorialRecords).where(inArray(editorialRecords.submissionId, orderIds));
      const documents = await tx
        .delete(reviewDocuments)
        .where(inArray(reviewDocuments.submissionId, orderIds))
        .returning({ storageKey: reviewDocuments.storageKey });
      storageKeys = documents.map((d) => d.storageKey);
      // The client secret lets a browser act on the payment; the rest of the row is the accounting record.
      await tx.update(payments).set({ clientSecret: '' }).where(inArray(payments.submissionId, orderIds));
    }

    // E-mails to the address or naming it (team notices carry the customer's name and address).
    await tx
      .delete(emailOutbox)
      .where(
        or(
          sql`lower(${emailOutbox.toAddress}) = ${email}`,
          sql`position(${email} in lower(${emailOutbox.textBody})) > 0`,
        ),
      );
    await tx.delete(rateLimits).where(eq(rateLimits.key, `password-reset:email:${email}`));
    return { storageKeys };
  });
}
