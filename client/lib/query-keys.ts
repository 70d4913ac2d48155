import type { QueueSort, QueueStatusFilter, QueueView } from '@shared/review.schema';

/** What the admin queue is filtered and sorted by; part of its query key. */
export interface QueueFilters {
  view: QueueView;
  status: QueueStatusFilter;
  q: string;
  sort: QueueSort;
}

/**
 * Every query key of the app, and so every invalidation (decision 017). Keys name data, not URLs: the
 * fetcher beside each query in `features/<name>/api/` knows the URL. Keys nest, so invalidating a prefix
 * (`submissions.all`) refreshes everything under it (each submission, its fact-check report).
 */
export const queryKeys = {
  currentUser: ['current-user'] as const,
  siteConfig: ['site-config'] as const,
  health: ['health'] as const,
  account: {
    security: ['account', 'security'] as const,
    sessions: ['account', 'sessions'] as const,
  },
  submissions: {
    all: ['submissions'] as const,
    /** The dashboard's counters over every order: under `all`, so whatever refreshes the list refreshes them. */
    summary: ['submissions', 'summary'] as const,
    detail: (id: string) => ['submissions', id] as const,
    factCheck: (id: string) => ['submissions', id, 'fact-check'] as const,
    deliveries: (id: string) => ['submissions', id, 'deliveries'] as const,
    certificate: (id: string) => ['submissions', id, 'certificate'] as const,
    /** The customer's rating of the latest delivery (decision 068). */
    rating: (id: string) => ['submissions', id, 'rating'] as const,
    /** The order's delivering reviewer (by pseudonym) and whether the customer prefers or blocks them (decision 074). */
    reviewerPreference: (id: string) => ['submissions', id, 'reviewer-preference'] as const,
    /** The review team's record of assignments to a reviewer the customer blocked (decision 074). */
    blockedAssignments: (id: string) => ['submissions', id, 'blocked-assignments'] as const,
  },
  /** Settings → Reviewers (decision 074): the reviewers the customer (or their organisation) prefers or blocks. */
  reviewerPreferences: ['reviewer-preferences'] as const,
  /** The public verify page (issue 24): a certificate by its code, and the published keys. */
  certificates: {
    byCode: (code: string) => ['certificates', code] as const,
    keys: ['certificates', 'keys'] as const,
    /** The credential's check in this browser (issue 43), against the keys it was checked with. */
    credentialCheck: (code: string, keyIds: string) => ['certificates', 'credential-check', code, keyIds] as const,
  },
  /** The account's saved cards (decision 045): checkout's one-click buttons and Settings → Billing. */
  savedCards: ['saved-cards'] as const,
  /** Not under `submissions`: a new intent is made only when the checkout page asks for one. */
  paymentIntent: (submissionId: string) => ['payment-intent', submissionId] as const,
  messages: {
    recent: ['messages', 'recent'] as const,
    thread: (submissionId: string) => ['messages', 'thread', submissionId] as const,
  },
  /** Settings → API keys and Webhooks (decision 024). */
  apiKeys: ['api-keys'] as const,
  /** Settings → House style (decision 046): the caller's organisation's guide, or their own. */
  styleGuide: ['style-guide'] as const,
  /**
   * Whom an invitation link invites (the join pages, asked before signing in): to the review team, or to an
   * organisation. Joining does not read these again: the link was used up.
   */
  invitations: {
    all: ['invitations'] as const,
    team: (token: string | null) => ['invitations', 'team', token] as const,
    organisation: (token: string | null) => ['invitations', 'organisation', token] as const,
  },
  /** Settings → Organisation (decision 043): the account's organisation, its members and invitations. */
  organisation: ['organisation'] as const,
  credit: ['credit'] as const,
  /** Settings → Receipts and invoices (decision 044): the documents (all, or one order's) and the billing details. */
  billing: {
    documents: ['billing', 'documents'] as const,
    documentsOf: (submissionId: string) => ['billing', 'documents', submissionId] as const,
    details: ['billing', 'details'] as const,
    /** One order's purchase-order number, given at checkout (issue 45). */
    purchaseOrder: (submissionId: string) => ['billing', 'purchase-order', submissionId] as const,
  },
  webhooks: {
    all: ['webhooks'] as const,
    deliveries: (endpointId: string) => ['webhooks', endpointId, 'deliveries'] as const,
  },
  admin: {
    queues: ['admin', 'queue'] as const,
    queue: (filters: QueueFilters) => ['admin', 'queue', filters] as const,
    /** One order as the review desk sees it (the workspace page). */
    submission: (id: string) => ['admin', 'submission', id, 'order'] as const,
    history: (id: string) => ['admin', 'submission', id, 'history'] as const,
    /** The language checks of a saved draft version (the workspace). */
    checks: (id: string, version: number) => ['admin', 'submission', id, 'checks', version] as const,
    /** Every version's checks of the order: checked again when the reviewer's dictionary changes. */
    allChecks: (id: string) => ['admin', 'submission', id, 'checks'] as const,
    /** The house style that applies to the order (decision 046). */
    houseStyle: (id: string) => ['admin', 'submission', id, 'house-style'] as const,
    suggestions: (id: string) => ['admin', 'submission', id, 'suggestions'] as const,
    links: (id: string) => ['admin', 'submission', id, 'links'] as const,
    /** The order's stored review decisions (issue 42): ignore, accept, ignore all. */
    decisions: (id: string) => ['admin', 'submission', id, 'decisions'] as const,
    /** The signed-in reviewer's own dictionary (issue 42). */
    dictionary: ['admin', 'dictionary'] as const,
    claims: (id: string) => ['admin', 'submission', id, 'claims'] as const,
    money: (id: string) => ['admin', 'submission', id, 'money'] as const,
    insights: (from: string, to: string) => ['admin', 'insights', from, to] as const,
    scorecards: (from: string, to: string) => ['admin', 'insights', 'scorecards', from, to] as const,
    team: ['admin', 'team'] as const,
    jobs: ['admin', 'jobs'] as const,
    /** The second reviewer's sign-off sampling (decision 073). */
    signOffSampling: ['admin', 'sign-off-sampling'] as const,
  },
};
