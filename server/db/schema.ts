import type { Category, EnglishVariant } from '../../shared/categories';
import type { AttachmentMode } from '../../shared/review.schema';
import type { ServiceTier } from '../../shared/service-tiers';
import type { ClaimsByVerdict, EffortCounts } from '../../shared/review-effort.schema';
import type { ClaimSuggestion } from '../../shared/claim-suggestions.schema';
import type { LinkCheck } from '../../shared/link-checks.schema';
import type { SubmissionStatus } from '../../shared/submission-status';
import type { DiffPart } from '../../shared/text-diff';
import type { EditorialResponsibility } from '../../shared/editorial.schema';
import type { AuditReason, AuditStatus } from '../../shared/ratings-audits.schema';
import type { ReviewerPreference } from '../../shared/reviewer-preferences.schema';
import type { SignOffRecordedOutcome } from '../../shared/sign-offs.schema';
import type { LateDeliveryFacts, LateRefundBasis, LateRefundDestination, LateRefundStatus } from '../../shared/on-time-guarantee.schema';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Accounts (tables managed through better-auth's drizzle adapter; property names are its field names)
// ---------------------------------------------------------------------------------------------
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** A member of the review team (issue 14, decision 021): joined through an invitation. */
    isReviewer: boolean('is_reviewer').notNull().default(false),
    /** A reviewer an admin suspended: no staff access until reinstated (the account still works as a customer). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.token), index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Fixed-window counters shared by every instance: the store of every rate limit (server/lib/rate-limit-store.ts). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * An admin's invitation to join the review team (decision 021). Only a SHA-256 hash of the link's token is kept;
 * the link works once (acceptedAt), until expiresAt (7 days), unless revoked.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('team_invitations_token_hash_unique').on(t.tokenHash), index('team_invitations_email_idx').on(t.email)],
);

// ---------------------------------------------------------------------------------------------
// Organisations (issue 27, decision 043): colleagues who share orders, credit, API keys and a style guide
// ---------------------------------------------------------------------------------------------
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One organisation per account at most (the unique user index): an order placed by a member is the organisation's. */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner (billing, members, style guide) | member (orders). */
    role: text('role').$type<'owner' | 'member'>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] }), uniqueIndex('organisation_members_user_unique').on(t.userId)],
);

/** An owner's invitation to the organisation: the review team's rules (single use, 7 days, the invited address signs in). */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organisation_invitations_token_hash_unique').on(t.tokenHash),
    index('organisation_invitations_org_idx').on(t.organisationId, t.createdAt),
  ],
);

/**
 * The billing details printed on receipts and invoices: an organisation's (set by an owner) or a lone account's.
 * Exactly one of organisationId and userId is set.
 */
export const billingDetails = pgTable(
  'billing_details',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The name or company the documents are addressed to (empty: the buyer's own name). */
    billingName: text('billing_name').notNull().default(''),
    /** The postal address, as lines. */
    address: text('address').notNull().default(''),
    purchaseOrderReference: text('purchase_order_reference').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('billing_details_org_unique').on(t.organisationId),
    uniqueIndex('billing_details_user_unique').on(t.userId),
    check('billing_details_one_owner', sql`(${t.organisationId} is null) <> (${t.userId} is null)`),
  ],
);

/** A house style term: a preferred term is kept, a banned one is flagged with its replacement. */
export interface StyleGuideTermRow {
  term: string;
  kind: 'preferred' | 'banned';
  replacement: string;
}

/** The house style the review team applies (issue 27): an organisation's, or a lone account's. */
export const styleGuides = pgTable(
  'style_guides',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The spelling variant the reviewers use; null leaves each order's own choice. */
    spellingVariant: text('spelling_variant').$type<EnglishVariant>(),
    terms: jsonb('terms').$type<StyleGuideTermRow[]>().notNull().default([]),
    rules: text('rules').notNull().default(''),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('style_guides_org_unique').on(t.organisationId),
    uniqueIndex('style_guides_user_unique').on(t.userId),
    check('style_guides_one_owner', sql`(${t.organisationId} is null) <> (${t.userId} is null)`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------
export const submissions = pgTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    /** Who placed the order. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation the order belongs to (its placer's when placed); it stays when the placer leaves. */
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    status: text('status').$type<SubmissionStatus>().notNull().default('new'),
    serviceTier: text('service_tier').$type<ServiceTier>().notNull(),
    category: text('category').$type<Category>().notNull(),
    wordCount: integer('word_count').notNull(),
    amountPence: integer('amount_pence').notNull(),
    fastTurnaround: boolean('fast_turnaround').notNull().default(false),
    tone: text('tone').notNull().default(''),
    targetAudience: text('target_audience').notNull().default(''),
    englishVariant: text('english_variant').$type<EnglishVariant>().notNull().default('british'),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    contactWebsite: text('contact_website').notNull().default(''),
    content: text('content').notNull(),
    instructions: text('instructions').notNull().default(''),
    additionalNotes: text('additional_notes').notNull().default(''),
    reviewedContent: text('reviewed_content'),
    reviewerNotes: text('reviewer_notes'),
    attachmentMode: text('attachment_mode').$type<AttachmentMode>(),
    documentLink: text('document_link'),
    /** The reviewer's statement that the text makes no checkable claims (fact-check report, issue 12). */
    noCheckableClaims: boolean('no_checkable_claims').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    dueDate: timestamp('due_date', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When a reviewer first opened or started the order: from then on the customer can no longer cancel it. */
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    /** The customer's one free revision (decision 018): when it was asked for, and what they asked. */
    /** Who holds editorial responsibility, as the customer named it on the order (decision 060); null: not named here. */
    editorialResponsibility: jsonb('editorial_responsibility').$type<EditorialResponsibility>(),
    revisionRequestedAt: timestamp('revision_requested_at', { withTimezone: true }),
    revisionMessage: text('revision_message'),
    /**
     * Rank among orders due at the same moment (issue 14, decision 022): a revision request 0, fast turnaround 1,
     * anything else 2. Generated, so the due sort is one indexed key (due_date, queue_priority, id).
     */
    queuePriority: smallint('queue_priority')
      .notNull()
      .generatedAlwaysAs(sql`case when status = 'revision-requested' then 0 when fast_turnaround then 1 else 2 end`),
    // The review desk's own columns (the claim, the draft's version, the review's running effort, the due-soon
    // e-mail's mark) are in review_desk_orders (decision 075).
    // Not declared here: search_vector (tsvector generated from content) and the pg_trgm/full-text GIN indexes of
    // the admin search live in the hand-written migration "search-indexes" (decision 022), so no select of whole rows reads
    // the vector; search_text and account_email (the order's copy of its contact and account names and e-mails, kept by
    // triggers) in "order-search-text" (decision 037). Never add columns of those names.
  },
  (t) => [
    index('submissions_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    // The dashboard's own half (find-orders.ts, decision 037): the page is read from this index alone, however
    // many orders the customer has. Its prepared statement's generic plan read all of a busy customer's orders
    // through the index above and sorted them, since that index leaves `organisation_id is null` to the table.
    index('submissions_own_created_idx').on(t.userId, t.createdAt.desc(), t.id).where(sql`${t.organisationId} is null`),
    index('submissions_org_created_idx').on(t.organisationId, t.createdAt.desc(), t.id).where(sql`${t.organisationId} is not null`),
    index('submissions_status_due_idx').on(t.status, t.dueDate, t.queuePriority, t.id),
    index('submissions_created_idx').on(t.createdAt.desc(), t.id),
    index('submissions_due_idx').on(t.dueDate, t.queuePriority, t.id),
    index('submissions_contact_email_idx').on(sql`lower(${t.contactEmail})`),
    // The operations dashboard's ranges (decision 023): orders per day, and completions per range.
    index('submissions_paid_at_idx').on(t.paidAt),
    index('submissions_completed_at_idx').on(t.completedAt),
  ],
);

/**
 * The review desk's own state of an order (decision 075): written by server/features/review-desk (the claim, the
 * draft's version, the due-soon mark) and server/features/review-effort (the running effort), never by the order's
 * lifecycle. A row appears the first time the desk writes one of them (an upsert); an order without one has no claim,
 * version 0, no effort yet and no due-soon e-mail.
 */
export const reviewDeskOrders = pgTable(
  'review_desk_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** The reviewer working on the order (issue 14): only they may save its draft until the claim lapses. */
    claimedBy: text('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Last activity under the claim (claim, save); a claim idle for 2 hours lapses back to the queue. */
    claimActiveAt: timestamp('claim_active_at', { withTimezone: true }),
    /** Optimistic concurrency of the review draft: every save must name the version it started from. */
    reviewVersion: integer('review_version').notNull().default(0),
    /**
     * Active editing seconds of the review in progress, added to by each save (capped by the time since the last
     * one); moved to the delivery's effort record when the review is completed, then back to 0 for a revision.
     */
    reviewActiveSeconds: integer('review_active_seconds').notNull().default(0),
    reviewEffortSavedAt: timestamp('review_effort_saved_at', { withTimezone: true }),
    /** The review in progress's accepted and ignored suggestions and findings, added to by each save (issue 23). */
    reviewEffortCounts: jsonb('review_effort_counts').$type<EffortCounts>().notNull().default({ suggestionsAccepted: 0, suggestionsIgnored: 0, findingsByCategory: {} }),
    /** The due date the "due within 4 hours" e-mail went out for: once per order and due date (decision 022). */
    dueSoonNotifiedFor: timestamp('due_soon_notified_for', { withTimezone: true }),
    /**
     * Copies of the order's due sort key (submissions.due_date and queue_priority), kept by the database's triggers
     * (migration 0035, decision 082), never written by the app: "My work" by due date walks a reviewer's claims in
     * the queue's own order and stops after a page, instead of reading every order they hold to sort them.
     */
    dueDate: timestamp('due_date', { withTimezone: true }),
    queuePriority: smallint('queue_priority'),
  },
  (t) => [
    // A reviewer's claims, held ones only (most rows hold none), in the queue's due order (due date, priority, id):
    // "My work" by due date walks it and stops after a page (decision 082); their count and their release read it by
    // reviewer. The one index of claims, so the planner cannot pick a read of every claim and a sort instead of the
    // walk when it underestimates how many are live (it did, with a second index on the claim's activity).
    index('review_desk_orders_claims_due_idx')
      .on(t.claimedBy, t.dueDate, t.queuePriority, t.orderId, t.claimActiveAt)
      .where(sql`${t.claimedBy} is not null`),
  ],
);

export type ReviewDeskOrderRow = typeof reviewDeskOrders.$inferSelect;

/** Every status change: who, when, from and to. `changedBy` is null for system changes (payment). */
export const submissionStatusChanges = pgTable(
  'submission_status_changes',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<SubmissionStatus>(),
    toStatus: text('to_status').$type<SubmissionStatus>().notNull(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('status_changes_submission_idx').on(t.submissionId, t.createdAt)],
);

/**
 * The order's domain events (decision 029): one row per lifecycle transition, written by
 * server/features/orders/transition.ts in the transaction of the change. Webhooks are raised from it, and what
 * consumes order changes later (live updates) reads it.
 */
/** The facts an order event carries that its row in `submissions` does not. */
export interface OrderEventData {
  certificateCode?: string;
  refundedPence?: number;
  /** A completion after the due time: what the on-time guarantee gave back (decision 068). */
  lateDelivery?: LateDeliveryFacts;
}

export const orderEvents = pgTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fromStatus: text('from_status').$type<SubmissionStatus>(),
    toStatus: text('to_status').$type<SubmissionStatus>().notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** What the event carries beside the move: the certificate of a delivery, the refund of a cancellation. */
    data: jsonb('data').$type<OrderEventData>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_submission_idx').on(t.submissionId, t.createdAt), index('order_events_created_idx').on(t.createdAt)],
);

/**
 * The live-update feed (decision 038): one row per change an open page may want to refetch — an order event, a
 * message, a claim change — written in the transaction of the change, its id sent with `pg_notify` on commit.
 * The identity gives the stream its order: a page that reconnects with `Last-Event-ID` is sent the rows after it.
 * The row names what changed, never the data; rows older than a day are pruned.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** `order.<status>`, `message` or `claim` (shared/live-updates.schema.ts). */
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_submission_idx').on(t.submissionId), index('live_events_created_idx').on(t.createdAt)],
);

/** One row per payment attempt with a provider. Refunds can be added as their own rows later. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    /** The card that paid (issue 45): its brand and last four digits, read from the provider at payment; else null. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** When the provider confirmed the money (the ledger's date for a payment). */
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_submission_idx').on(t.submissionId),
    // Revenue per day (decision 023) and the ledger export read succeeded payments by date; with the amount, a
    // day's sum is read from the index alone.
    index('payments_succeeded_at_idx').on(t.succeededAt, t.amountPence).where(sql`${t.status} = 'succeeded'`),
    uniqueIndex('payments_provider_payment_unique').on(t.provider, t.providerPaymentId),
  ],
);

/**
 * Money returned to a customer, one row per provider refund (decision 018). `idempotencyKey` makes our own request
 * count once however often it is sent; (provider, providerRefundId) makes our call and the provider's webhook
 * count once together.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    idempotencyKey: text('idempotency_key'),
    amountPence: integer('amount_pence').notNull(),
    /** cancellation | admin | late-delivery (decision 068) | provider (made in the provider's dashboard, learnt from the webhook). */
    source: text('source').notNull(),
    reason: text('reason').notNull().default(''),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_submission_idx').on(t.submissionId),
    index('refunds_created_idx').on(t.createdAt),
    uniqueIndex('refunds_provider_refund_unique').on(t.provider, t.providerRefundId),
    uniqueIndex('refunds_idempotency_unique').on(t.idempotencyKey),
  ],
);

/** Each delivered review, kept when the customer asks for a revision (the latest is also on the submission). */
export const deliveries = pgTable(
  'deliveries',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    reviewedContent: text('reviewed_content'),
    reviewerNotes: text('reviewer_notes'),
    attachmentMode: text('attachment_mode'),
    documentLink: text('document_link'),
    deliveredBy: text('delivered_by').references(() => users.id, { onDelete: 'set null' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    /** The word diff of the delivered text against the original, computed once (server/features/delivery-diff/). */
    diff: jsonb('diff').$type<DiffPart[]>(),
  },
  (t) => [
    uniqueIndex('deliveries_submission_number_unique').on(t.submissionId, t.number),
    // Per-reviewer output over a range of days (decision 023).
    index('deliveries_delivered_at_idx').on(t.deliveredAt),
  ],
);

/**
 * The on-time guarantee's record (decision 068): one row per order delivered after its due time, its primary key
 * the order, so a retried or concurrent completion, or a late revision, never refunds twice. The refund itself is a
 * row of `refunds` (source "late-delivery"), made under the idempotency key `late-<order id>`.
 */
export const lateDeliveries = pgTable(
  'late_deliveries',
  {
    submissionId: text('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
    refundPence: integer('refund_pence').notNull(),
    basis: text('basis').$type<LateRefundBasis>().notNull(),
    refundTo: text('refund_to').$type<LateRefundDestination>().notNull(),
    refundStatus: text('refund_status').$type<LateRefundStatus>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('late_deliveries_delivered_idx').on(t.deliveredAt)],
);

/** The customer's rating of one delivery (decision 068): changed in place for 14 days after it is first given. */
export const orderRatings = pgTable(
  'order_ratings',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    ratedBy: text('rated_by').references(() => users.id, { onDelete: 'set null' }),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_ratings_delivery_unique').on(t.deliveryId),
    index('order_ratings_submission_idx').on(t.submissionId),
    check('order_ratings_stars', sql`${t.stars} between 1 and 5`),
  ],
);

/**
 * A second look at a delivery (decision 068): opened by a low rating or a sample, closed by a reviewer who neither
 * delivered nor signed it off. At most one open audit per order (the partial unique index).
 */
export const orderAudits = pgTable(
  'order_audits',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<AuditReason>().notNull(),
    status: text('status').$type<AuditStatus>().notNull().default('open'),
    ratingId: text('rating_id').references(() => orderRatings.id, { onDelete: 'set null' }),
    notes: text('notes'),
    closedBy: text('closed_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_audits_one_open').on(t.submissionId).where(sql`${t.status} = 'open'`),
    uniqueIndex('order_audits_delivery_reason_unique').on(t.deliveryId, t.reason),
    index('order_audits_status_idx').on(t.status, t.openedAt),
  ],
);

/**
 * A reviewer a customer prefers or blocks (issue 44 item 4, decision 074): keyed by the holder of the order it was
 * set from (its organisation, else its placer), one row per holder and reviewer. A blocked reviewer is never offered
 * the holder's orders; a preferred one sees their new orders first for the first half of the time to the due date.
 */
export const reviewerPreferences = pgTable(
  'reviewer_preferences',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    preference: text('preference').$type<ReviewerPreference>().notNull(),
    /** The delivered order it was set from (the customer knows the reviewer by it). */
    sourceSubmissionId: text('source_submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    setBy: text('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reviewer_preferences_org_unique').on(t.organisationId, t.reviewerId),
    uniqueIndex('reviewer_preferences_user_unique').on(t.userId, t.reviewerId),
    // The queue's question: the holders who prefer or block the viewing reviewer.
    index('reviewer_preferences_reviewer_idx').on(t.reviewerId, t.preference),
    check('reviewer_preferences_one_owner', sql`(${t.organisationId} is null) <> (${t.userId} is null)`),
    check('reviewer_preferences_preference', sql`${t.preference} in ('preferred', 'blocked')`),
  ],
);

/** An administrator gave an order to a reviewer its customer blocked: who, to whom, and why (decision 074). */
export const blockedAssignments = pgTable(
  'blocked_assignments',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    assignedBy: text('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('blocked_assignments_submission_idx').on(t.submissionId, t.createdAt)],
);

/**
 * A second reviewer's sign-off of a sampled completion (decision 073): requested when the review is completed, the
 * order staying "In review"; decided once (approved: delivered; returned: back to its author; audited: delivered an hour
 * before its due time unsigned, audited afterwards). At most one pending
 * per order (the partial unique index), so two signers cannot both decide it.
 */
export const orderSignOffs = pgTable(
  'order_sign_offs',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    completedBy: text('completed_by').references(() => users.id, { onDelete: 'set null' }),
    signedBy: text('signed_by').references(() => users.id, { onDelete: 'set null' }),
    outcome: text('outcome').$type<SignOffRecordedOutcome>(),
    notes: text('notes'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The delivery an approval made. */
    deliveryId: text('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('order_sign_offs_one_pending').on(t.submissionId).where(sql`${t.outcome} is null`),
    index('order_sign_offs_submission_idx').on(t.submissionId, t.requestedAt),
    index('order_sign_offs_decided_idx').on(t.decidedAt),
    check('order_sign_offs_outcome', sql`${t.outcome} is null or ${t.outcome} in ('approved', 'returned', 'audited')`),
  ],
);

/** The effort record of one delivery (shared/review-effort.schema.ts): written when the review is completed. */
export const deliveryEfforts = pgTable('delivery_efforts', {
  deliveryId: text('delivery_id')
    .primaryKey()
    .references(() => deliveries.id, { onDelete: 'cascade' }),
  activeSeconds: integer('active_seconds').notNull().default(0),
  wordsChanged: integer('words_changed').notNull().default(0),
  suggestionsAccepted: integer('suggestions_accepted').notNull().default(0),
  suggestionsIgnored: integer('suggestions_ignored').notNull().default(0),
  claimsByVerdict: jsonb('claims_by_verdict').$type<ClaimsByVerdict>().notNull(),
  findingsFixed: integer('findings_fixed').notNull().default(0),
  findingsByCategory: jsonb('findings_by_category').$type<Record<string, number>>().notNull().default({}),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Insights rollups (decision 041): each London day's dashboard figures, kept by the "insights.rollup" job
// ---------------------------------------------------------------------------------------------

/** Orders paid and money per London day (the day's row is absent when all three are 0). */
export const insightsDays = pgTable('insights_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  paidPence: bigint('paid_pence', { mode: 'number' }).notNull().default(0),
  refundedPence: bigint('refunded_pence', { mode: 'number' }).notNull().default(0),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The counts a turnaround row holds, per day or per month: fresh column builders for each table. */
function turnaroundCounts() {
  return {
      serviceTier: text('service_tier').notNull(),
      speed: text('speed').notNull(),
      completed: integer('completed').notNull(),
      onTime: integer('on_time').notNull(),
      took: jsonb('took').$type<number[]>().notNull(),
      promised: jsonb('promised').$type<number[]>().notNull(),
  };
}

/**
 * Completions per London day, tier and speed: counts, and the day's turnaround and promise as sparse histograms
 * over fixed buckets (server/features/insights/histogram.ts), stored as [bucket, count, bucket, count, ...].
 */
export const insightsTurnaroundDays = pgTable(
  'insights_turnaround_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...turnaroundCounts(),
  },
  (t) => [primaryKey({ columns: [t.day, t.serviceTier, t.speed] })],
);

/**
 * The same per calendar month (the month's first day), merged from its days whenever one of them is recomputed: a
 * long range reads its whole months here and only its partial months' days above (decision 041).
 */
export const insightsTurnaroundMonths = pgTable(
  'insights_turnaround_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...turnaroundCounts(),
  },
  (t) => [primaryKey({ columns: [t.month, t.serviceTier, t.speed] })],
);

/**
 * Output per London day and reviewer (null: an account since deleted). An order counts on the day of the
 * reviewer's first delivery of it; deliveries and active time on each delivery's day.
 */
export const insightsReviewerDays = pgTable(
  'insights_reviewer_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    reviewerId: text('reviewer_id'),
    orders: integer('orders').notNull(),
    deliveries: integer('deliveries').notNull(),
    words: bigint('words', { mode: 'number' }).notNull(),
    activeSeconds: bigint('active_seconds', { mode: 'number' }).notNull(),
  },
  (t) => [index('insights_reviewer_days_day_idx').on(t.day)],
);

/**
 * Days whose rollups are out of date: a row per change, written by triggers on submissions, payments, refunds,
 * deliveries and delivery_efforts in the changing transaction (migration 0019); the job deletes the rows it sees
 * and recomputes their days in one transaction, so a mark it could not yet see stays for the next run.
 */
export const insightsDirtyDays = pgTable(
  'insights_dirty_days',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('insights_dirty_days_day_idx').on(t.day)],
);

/** The sentences of an order's text worth checking (issue 23), found once the order is paid. */
export const claimSuggestions = pgTable('claim_suggestions', {
  submissionId: text('submission_id')
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  claims: jsonb('claims').$type<ClaimSuggestion[]>().notNull(),
  createdAt: createdAt(),
});

/** The links and DOIs of an order's text and how each answered (issue 23), checked once the order is paid. */
export const linkChecks = pgTable('link_checks', {
  submissionId: text('submission_id')
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  links: jsonb('links').$type<LinkCheck[]>().notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A reviewer's decision on an order's finding or suggested claim (issue 42, decision 067): ignore, accept, or ignore
 * every finding of a rule (or of a rule on one word). One per order and key (shared/review-decisions.schema.ts's
 * decisionKey); a later decision on the same key replaces it.
 */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind').$type<'finding' | 'rule' | 'suggestion'>().notNull(),
    action: text('action').$type<'ignore' | 'accept' | 'ignore-all'>().notNull(),
    rule: text('rule'),
    word: text('word'),
    context: text('context'),
    spanStart: integer('span_start'),
    spanEnd: integer('span_end'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_decisions_order_key').on(t.submissionId, t.key)],
);

/** A reviewer's own dictionary (issue 42): words the spelling checks never flag for them (proper nouns). */
export const reviewerWords = pgTable(
  'reviewer_words',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Case folded (foldWord): one entry per word whatever its case. */
    folded: text('folded').notNull(),
    word: text('word').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.folded] })],
);

/** Every public key that ever signed a certificate, published at /.well-known/humanproof-keys.json (decision 033). */
export const certificateKeys = pgTable('certificate_keys', {
  /** Key id: the first 16 characters of the base64url SHA-256 of the raw public key. */
  id: text('id').primaryKey(),
  /** The raw 32-byte Ed25519 public key, base64url (a JWK's `x`). */
  publicKey: text('public_key').notNull(),
  createdAt: createdAt(),
});

/** The signed certificate of human review of one delivery (issue 24, decision 033). */
export const certificates = pgTable(
  'certificates',
  {
    /** HP-XXXX-XXXX-XXXX-XXXX: 80 random bits in Crockford's base32. */
    code: text('code').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** The signed body, exactly as signed (its RFC 8785 canonical form is what the signature covers). */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** refunded | revised */
    revokedReason: text('revoked_reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('certificates_delivery_unique').on(t.deliveryId), index('certificates_submission_idx').on(t.submissionId)],
);

/**
 * The W3C Verifiable Credential of a certificate (issue 43, decision 060): made on first request and then served as
 * these exact bytes. Its revocation entry is a random index in one of the status lists; the lists are computed from
 * certificates.revoked_at, so revoking a certificate is all it takes to set its bit.
 */
export const certificateCredentials = pgTable(
  'certificate_credentials',
  {
    code: text('code')
      .primaryKey()
      .references(() => certificates.code, { onDelete: 'cascade' }),
    /** The signed credential's JSON, exactly as served. */
    credential: text('credential').notNull(),
    statusList: integer('status_list').notNull(),
    statusIndex: integer('status_index').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('certificate_credentials_status_unique').on(t.statusList, t.statusIndex)],
);

/**
 * The editorial-control record of one delivery (issue 43, decision 060): written in the completing transaction and
 * never changed; the credential binds these exact bytes by their SHA-256.
 */
export const editorialRecords = pgTable(
  'editorial_records',
  {
    deliveryId: text('delivery_id')
      .primaryKey()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    deliveryNumber: integer('delivery_number').notNull(),
    /** The record's JSON, exactly as served. */
    body: text('body').notNull(),
    /** Base64 SHA-256 of the UTF-8 bytes of `body` (the credential's digestSRI without its "sha256-"). */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('editorial_records_submission_delivery_unique').on(t.submissionId, t.deliveryNumber)],
);

/** A reviewer's stable number for pseudonyms ("Rita R., reviewer 7"); a number is never given twice. */
export const reviewerNumbers = pgTable('reviewer_numbers', {
  number: integer('number').primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id')
    .unique('reviewer_numbers_user_unique')
    .references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Who holds editorial responsibility for a holder's orders unless an order names someone (decision 060). */
export const editorialDefaults = pgTable(
  'editorial_defaults',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    organisation: text('organisation'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('editorial_defaults_org_unique').on(t.organisationId),
    uniqueIndex('editorial_defaults_user_unique').on(t.userId),
    check('editorial_defaults_one_owner', sql`(${t.organisationId} is null) <> (${t.userId} is null)`),
  ],
);

/** Provider events already processed, so a repeated webhook is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    isFromAdmin: boolean('is_from_admin').notNull(),
    content: text('content').notNull(),
    attachmentUrl: text('attachment_url'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_submission_idx').on(t.submissionId, t.createdAt),
    index('messages_unread_team_idx')
      .on(t.submissionId)
      .where(sql`${t.isFromAdmin} = true and ${t.readAt} is null`),
  ],
);

/** Files attached to a review: created when an upload URL is issued, marked uploaded after the PUT. */
export const reviewDocuments = pgTable(
  'review_documents',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_documents_key_unique').on(t.storageKey),
    index('review_documents_submission_idx').on(t.submissionId),
  ],
);

/** The fact-check report: one row per claim, quoted from the original content by UTF-16 offsets. */
export const factCheckClaims = pgTable(
  'fact_check_claims',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    passage: text('passage').notNull(),
    passageStart: integer('passage_start').notNull(),
    passageEnd: integer('passage_end').notNull(),
    verdict: text('verdict').notNull(),
    sources: text('sources').array().notNull().default(sql`'{}'::text[]`),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('fact_check_claims_submission_idx').on(t.submissionId, t.passageStart, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// E-mail outbox: written in the same transaction as the change, delivered by a worker.
// ---------------------------------------------------------------------------------------------
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Reply-To header (the sender of a contact-form message). */
    replyTo: text('reply_to'),
    /** One row per event and recipient: a notification raised twice for the same event is queued once. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('email_outbox_dedupe_unique').on(t.dedupeKey),
  ],
);

// ---------------------------------------------------------------------------------------------
// Public site
// ---------------------------------------------------------------------------------------------
export const contactMessages = pgTable('contact_messages', {
  id: text('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email] })],
);

export type UserRow = typeof users.$inferSelect;
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ClaimRow = typeof factCheckClaims.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Public API (issue 15, decisions 024 and 025): keys, prepaid credit, idempotent requests, webhooks
// ---------------------------------------------------------------------------------------------
/** An API key: only its SHA-256 is stored; `prefix` (the first characters) identifies it in lists. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation the key acts for (set when created by a member): it sees and places the organisation's orders. */
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_unique').on(t.keyHash), index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A credit pack bought by card (sandbox or Stripe). A succeeded row adds its amount to the customer's credit; an
 * order paid from credit is a `payments` row with provider 'credit', and a refund of it a `refunds` row with
 * provider 'credit' (the balance is their sum, never a stored column).
 */
export const creditPurchases = pgTable(
  'credit_purchases',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation whose credit this pack adds to (null: the account's own credit). */
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_purchases_user_idx').on(t.userId, t.status),
    uniqueIndex('credit_purchases_provider_unique').on(t.provider, t.providerPaymentId),
    uniqueIndex('credit_purchases_secret_unique').on(t.clientSecret),
  ],
);

/** The stored answer of a POST with an Idempotency-Key: same owner + key answers the same, never acts twice. */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);

/** The webhook outbox: one row per event and endpoint (and per Resend), claimed by the worker like the mail's. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_pending_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Every attempt of a delivery: the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Receipts, VAT invoices and credit notes (issue 27, decision 044)
// ---------------------------------------------------------------------------------------------
/** The last number issued in each series: taken with the document in one transaction, so numbers have no gaps. */
export const documentNumberSeries = pgTable('document_number_series', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export interface BillingDocumentLine {
  description: string;
  quantity: number;
  unitPence: number;
  /** Gross (what was paid) of the line. */
  amountPence: number;
}

/**
 * The purchase-order number the customer gave at checkout for one order (issue 45, decision 070), printed on its
 * invoice instead of the account's or organisation's standing reference. Owned by billing documents.
 */
export const orderPurchaseOrders = pgTable('order_purchase_orders', {
  submissionId: text('submission_id')
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  purchaseOrderNumber: text('purchase_order_number').notNull(),
  updatedAt: updatedAt(),
});

export interface BillingDocumentBuyer {
  name: string;
  email: string;
  organisation: string | null;
  address: string;
  purchaseOrderReference: string;
}

/**
 * A finance document: a receipt or VAT invoice for a payment or credit pack, or a credit note for a refund. Written
 * once, in the transaction that moved the money, with everything it prints (buyer, lines, VAT) as it was then.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: text('id').primaryKey(),
    /** Sequential, no gaps, one series for every kind. */
    number: integer('number').notNull(),
    /** receipt | vat-invoice | credit-note */
    kind: text('kind').$type<'receipt' | 'vat-invoice' | 'credit-note'>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    creditPurchaseId: text('credit_purchase_id').references(() => creditPurchases.id, { onDelete: 'set null' }),
    refundId: text('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    submissionId: text('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    /** A credit note's invoice or receipt. */
    refersToId: text('refers_to_id'),
    buyer: jsonb('buyer').$type<BillingDocumentBuyer>().notNull(),
    lines: jsonb('lines').$type<BillingDocumentLine[]>().notNull(),
    /** How it was paid, as it prints ("Visa ending 4242", "Prepaid credit"); null when unknown or a credit note. */
    paidWith: text('paid_with'),
    /** Our VAT number when the document was issued (null: no VAT charged). */
    vatNumber: text('vat_number'),
    /** VAT rate in basis points (2000 = 20%), 0 when no VAT is charged. */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(0),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    grossPence: integer('gross_pence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_documents_number_unique').on(t.number),
    uniqueIndex('billing_documents_payment_unique').on(t.paymentId),
    uniqueIndex('billing_documents_credit_purchase_unique').on(t.creditPurchaseId),
    uniqueIndex('billing_documents_refund_unique').on(t.refundId),
    index('billing_documents_user_idx').on(t.userId, t.issuedAt),
    index('billing_documents_org_idx').on(t.organisationId, t.issuedAt),
    index('billing_documents_issued_idx').on(t.issuedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Saved cards (issue 27): only the brand, the last four digits and the expiry are ever kept
// ---------------------------------------------------------------------------------------------
/** The provider's customer of an account (a Stripe customer when keyed; the sandbox makes its own ids). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

export const savedCards = pgTable(
  'saved_cards',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's payment method id (Stripe's pm_...; the sandbox's own). Never a card number. */
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_cards_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('saved_cards_provider_method_unique').on(t.provider, t.providerPaymentMethodId),
  ],
);

export type OrganisationRow = typeof organisations.$inferSelect;
export type BillingDocumentRow = typeof billingDocuments.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;
export type StyleGuideRow = typeof styleGuides.$inferSelect;
