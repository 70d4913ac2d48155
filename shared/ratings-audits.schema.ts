import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';

/**
 * Ratings and audits (issue 44 item 2, decision 068): the customer rates each delivery 1–5 stars; 2 or less opens
 * an audit, which a third reviewer closes as passed or corrected.
 */
export const RATING_CHANGE_DAYS = 14;
export const LOW_RATING_MAX_STARS = 2;
export const MAX_RATING_COMMENT_CHARACTERS = 2000;
export const MAX_AUDIT_NOTES_CHARACTERS = 4000;
export const MAX_AUDIT_TEXT_CHARACTERS = 200_000;

export const RATING_MESSAGES = {
  stars: 'Choose from 1 to 5 stars',
  comment: `Keep the comment under ${MAX_RATING_COMMENT_CHARACTERS} characters`,
  notDelivered: 'You can rate an order once its review has been delivered.',
  windowPassed: `A rating can be changed for ${RATING_CHANGE_DAYS} days; this one can no longer change.`,
  saved: 'Thank you: your rating is saved.',
} as const;

export const AUDIT_REASONS = ['low-rating', 'sample'] as const;
export const AUDIT_STATUSES = ['open', 'passed', 'corrected'] as const;
export const AUDIT_OUTCOMES = ['passed', 'corrected'] as const;
export type AuditReason = (typeof AUDIT_REASONS)[number];
export type AuditStatus = (typeof AUDIT_STATUSES)[number];
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_REASON_LABELS: Record<AuditReason, string> = { 'low-rating': 'Low rating', sample: 'Sample check' };
export const AUDIT_STATUS_LABELS: Record<AuditStatus, string> = { open: 'Audit open', passed: 'Audit passed', corrected: 'Corrected after audit' };

/** What the customer's dashboard says of the order's audit. */
export const AUDIT_CUSTOMER_TEXT: Record<AuditStatus, string> = {
  open: 'A second reviewer is auditing this review. We will e-mail you what they find.',
  passed: 'A second reviewer audited this review and found that it stands.',
  corrected: 'A second reviewer audited this review and delivered a corrected version.',
};

export const AUDIT_MESSAGES = {
  notFound: 'This order has no open audit.',
  outcome: 'Choose passed or corrected',
  notes: 'Say what the audit found',
  correctedNeedsText: 'A correction needs the corrected text',
  deliveredIt: 'You delivered this review, so another reviewer must close its audit.',
  signedIt: 'You signed off this review, so another reviewer must close its audit.',
  notCompleted: 'Only a delivered order can be corrected after an audit.',
} as const;

/** POST /api/submissions/:id/rating and /api/v1/orders/:id/rating. */
export const rateOrderSchema = z.object({
  stars: z.number({ error: RATING_MESSAGES.stars }).int(RATING_MESSAGES.stars).min(1, RATING_MESSAGES.stars).max(5, RATING_MESSAGES.stars),
  comment: z.string({ error: RATING_MESSAGES.comment }).trim().max(MAX_RATING_COMMENT_CHARACTERS, RATING_MESSAGES.comment).optional().default(''),
});
export type RateOrderInput = z.input<typeof rateOrderSchema>;

/** The rating of an order's latest delivery, as its customer sees it. */
export const orderRatingSchema = z
  .object({
    stars: z.number().int().min(1).max(5),
    comment: z.string(),
    deliveryNumber: z.number().int(),
    ratedAt: isoDateTimeSchema,
    /** Until when it may be changed (14 days after it was first given). */
    changeableUntil: isoDateTimeSchema,
  })
  .meta({ id: 'OrderRating' });
export type OrderRating = z.infer<typeof orderRatingSchema>;
/** `auditStatus`: the order's latest audit as the customer sees it (open, passed, corrected), null when none. */
export const orderRatingAnswerSchema = z.object({
  rating: orderRatingSchema.nullable(),
  canRate: z.boolean(),
  auditStatus: z.enum(AUDIT_STATUSES).nullable().default(null),
});
export type OrderRatingAnswer = z.infer<typeof orderRatingAnswerSchema>;

/** An order's audit, as the review team sees it (GET /api/admin/submissions/:id). */
export const auditSchema = z.object({
  id: z.string(),
  reason: z.enum(AUDIT_REASONS),
  status: z.enum(AUDIT_STATUSES),
  deliveryNumber: z.number().int(),
  /** The rating that opened it (reason "low-rating"). */
  stars: z.number().int().nullable(),
  comment: z.string().nullable(),
  openedAt: isoDateTimeSchema,
  closedAt: isoDateTimeSchema.nullable(),
  notes: z.string().nullable(),
});
export type Audit = z.infer<typeof auditSchema>;

/** POST /api/admin/submissions/:id/audit. */
export const closeAuditSchema = z
  .object({
    outcome: z.enum(AUDIT_OUTCOMES, { error: AUDIT_MESSAGES.outcome }),
    notes: z.string({ error: AUDIT_MESSAGES.notes }).trim().min(1, AUDIT_MESSAGES.notes).max(MAX_AUDIT_NOTES_CHARACTERS, AUDIT_MESSAGES.notes),
    reviewedContent: z.string().max(MAX_AUDIT_TEXT_CHARACTERS).optional(),
  })
  .refine((input) => input.outcome !== 'corrected' || (input.reviewedContent ?? '').trim().length > 0, {
    message: AUDIT_MESSAGES.correctedNeedsText,
    path: ['reviewedContent'],
  });
export type CloseAuditInput = z.input<typeof closeAuditSchema>;

/** What the `order.audited` webhook carries. */
export const auditedEventSchema = z.object({ outcome: z.enum(AUDIT_OUTCOMES), reason: z.enum(AUDIT_REASONS), certificateCode: z.string().optional() });
