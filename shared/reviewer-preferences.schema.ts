import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';

/**
 * Reviewers a customer prefers or blocks (issue 44 item 4, decision 074). The customer marks the reviewer who
 * delivered an order, known to them only by pseudonym; an organisation's preferences are set by its owners.
 */
export const REVIEWER_PREFERENCES = ['preferred', 'blocked'] as const;
export type ReviewerPreference = (typeof REVIEWER_PREFERENCES)[number];

export const REVIEWER_PREFERENCE_LABELS: Record<ReviewerPreference, string> = { preferred: 'Preferred', blocked: 'Blocked' };

/** Most characters of the reason an administrator gives for assigning an order to a reviewer its customer blocked. */
export const MAX_BLOCKED_ASSIGNMENT_REASON_CHARACTERS = 500;

export const REVIEWER_PREFERENCE_MESSAGES = {
  preference: 'Choose "preferred", "blocked" or null',
  notDelivered: 'You can prefer or block a reviewer once they have delivered this order.',
  ownersOnly: "Only your organisation's owners can prefer or block reviewers for its orders.",
  notFound: 'This reviewer preference was not found.',
  /** The reviewer's claim of an order whose customer blocked them (409). */
  blockedClaim: 'This customer has asked for another reviewer: their orders go to someone else.',
  /** An administrator's assignment to a blocked reviewer without a reason (400). */
  reasonRequired: 'This customer blocked that reviewer: give a reason to assign the order to them anyway.',
  saved: { preferred: 'Saved: we will offer your new orders to this reviewer first.', blocked: 'Saved: this reviewer will not get your orders.' },
  cleared: 'Removed: your orders go to any reviewer again.',
} as const;

/** What the delivery e-mail says of it (server/mail/templates/customer.ts). */
export const REVIEWER_PREFERENCE_EMAIL_LINE =
  'From your dashboard you can also rate the review, and prefer its reviewer for your next orders or block them from your orders.';

/** PUT /api/submissions/:id/reviewer-preference and /api/v1/orders/:id/reviewer-preference; null removes it. */
export const setReviewerPreferenceSchema = z.object({
  preference: z.enum(REVIEWER_PREFERENCES, { error: REVIEWER_PREFERENCE_MESSAGES.preference }).nullable(),
});
export type SetReviewerPreferenceInput = z.infer<typeof setReviewerPreferenceSchema>;

/**
 * The order's delivering reviewer as its customer sees them: a pseudonym ("Rita R. (reviewer 7)"), never a name or
 * an e-mail; the preference the order's holder has for them; whether this caller may set it (delivered, and for an
 * organisation's order an owner).
 */
export const orderReviewerPreferenceSchema = z
  .object({
    reviewer: z.object({ pseudonym: z.string() }).nullable(),
    preference: z.enum(REVIEWER_PREFERENCES).nullable(),
    canSet: z.boolean(),
  })
  .meta({ id: 'OrderReviewerPreference' });
export type OrderReviewerPreference = z.infer<typeof orderReviewerPreferenceSchema>;

/** One row of Settings → Reviewers. */
export const reviewerPreferenceItemSchema = z.object({
  id: z.string(),
  pseudonym: z.string(),
  preference: z.enum(REVIEWER_PREFERENCES),
  /** The order it was set from (null once that order was deleted), and its title. */
  orderId: z.string().nullable(),
  orderTitle: z.string().nullable(),
  setAt: isoDateTimeSchema,
  /** Set for the caller's own orders (account) or their organisation's (organisation). */
  scope: z.enum(['account', 'organisation']),
  /** Whether the caller may undo it: their own always, an organisation's if they are one of its owners. */
  canUndo: z.boolean(),
});
export type ReviewerPreferenceItem = z.infer<typeof reviewerPreferenceItemSchema>;

/** GET /api/reviewer-preferences: the caller's own preferences and their organisation's, newest first. */
export const reviewerPreferenceListSchema = z.object({
  items: z.array(reviewerPreferenceItemSchema),
  organisationName: z.string().nullable(),
});
export type ReviewerPreferenceList = z.infer<typeof reviewerPreferenceListSchema>;

/** An administrator's assignment of the order to a reviewer its customer blocked, with the reason (the review team's view). */
export const blockedAssignmentSchema = z.object({
  reviewerName: z.string(),
  assignedByName: z.string(),
  reason: z.string(),
  createdAt: isoDateTimeSchema,
});
export type BlockedAssignment = z.infer<typeof blockedAssignmentSchema>;
/** GET /api/admin/submissions/:id/blocked-assignments (staff), oldest first. */
export const blockedAssignmentListSchema = z.object({ assignments: z.array(blockedAssignmentSchema) });
export type BlockedAssignmentList = z.infer<typeof blockedAssignmentListSchema>;
