import { z } from 'zod';
import { MAX_CONTENT_CHARACTERS, MAX_NOTE_CHARACTERS, MAX_SHORT_FIELD_CHARACTERS, MAX_TONE_CHARACTERS, MAX_WORDS, MIN_CONTENT_CHARACTERS, QUEUE_PREVIEW_CHARACTERS, SUBMISSION_MESSAGES } from './submission-limits';
import { CATEGORIES, ENGLISH_VARIANTS } from './categories';
import { SERVICE_TIERS } from './service-tiers';
import { countWords } from './word-count';
import { DEFAULT_SUPPORT_CONTACT } from './brand';
import { isoDateTimeSchema } from './api.schema';
import { ATTACHMENT_MODES, DUE_FLAGS, reviewDocumentSchema } from './review.schema';
import { SUBMISSION_STATUSES } from './submission-status';
import { isHttpUrl } from './http-url';
import { claimInfoSchema } from './team.schema';
import { editorialResponsibilityInputSchema, editorialResponsibilitySchema } from './editorial.schema';
import { auditSchema } from './ratings-audits.schema';
import { signOffSchema } from './sign-offs.schema';

export * from './submission-limits';

const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be ${max} characters or less`).optional().default('');

/** One schema for the form and the server; `supportEmail` fills the "too long" message. */
export function buildSubmissionSchema(supportEmail: string = DEFAULT_SUPPORT_CONTACT.email) {
  return z.object({
    content: z
      .string({ error: SUBMISSION_MESSAGES.contentTooShort })
      // UTF-16 units (String.length), like the browser's maxlength and the form's counter; zod's .max() counts code
      // points, which let 40,000 emoji (80,000 units) through. Aborts, so an oversized text is never word-counted.
      .refine((v) => v.length <= MAX_CONTENT_CHARACTERS, {
        message: SUBMISSION_MESSAGES.contentTooManyCharacters(supportEmail),
        abort: true,
      })
      .refine((v) => v.trim().length >= MIN_CONTENT_CHARACTERS, SUBMISSION_MESSAGES.contentTooShort)
      .refine((v) => countWords(v) <= MAX_WORDS, SUBMISSION_MESSAGES.contentTooLong(supportEmail)),
    serviceTier: z.enum(SERVICE_TIERS, { error: SUBMISSION_MESSAGES.serviceTier }),
    category: z.enum(CATEGORIES, { error: SUBMISSION_MESSAGES.category }),
    tone: z.string().trim().max(MAX_TONE_CHARACTERS, SUBMISSION_MESSAGES.tone).optional().default(''),
    targetAudience: optionalText(MAX_SHORT_FIELD_CHARACTERS),
    englishVariant: z.enum(ENGLISH_VARIANTS).optional().default('british'),
    instructions: optionalText(MAX_NOTE_CHARACTERS),
    additionalNotes: optionalText(MAX_NOTE_CHARACTERS),
    fastTurnaround: z.boolean().optional().default(false),
    contactName: z
      .string({ error: SUBMISSION_MESSAGES.contactName })
      .trim()
      .min(1, SUBMISSION_MESSAGES.contactName)
      .max(MAX_SHORT_FIELD_CHARACTERS),
    contactEmail: z
      .string({ error: SUBMISSION_MESSAGES.contactEmail })
      .trim()
      .max(254, SUBMISSION_MESSAGES.contactEmail)
      .pipe(z.email(SUBMISSION_MESSAGES.contactEmail)),
    contactPhone: optionalText(50),
    contactWebsite: z
      .string()
      .trim()
      .max(500, SUBMISSION_MESSAGES.contactWebsite)
      .refine((v) => v === '' || isHttpUrl(v), SUBMISSION_MESSAGES.contactWebsite)
      .optional()
      .default(''),
    /**
     * The form sends the count it shows (spec section 3); the server always counts the words itself (spec section 7),
     * so the value is accepted and never read.
     */
    wordCount: z.unknown().optional(),
    /** The name of an uploaded file, used to title the submission. */
    fileName: z.string().trim().max(255).optional(),
    /**
     * Who holds editorial responsibility for publishing the text (decision 060): optional; blank is "not named here",
     * and the Settings default, if any, applies at delivery.
     */
    editorialResponsibility: editorialResponsibilityInputSchema.nullish(),
  });
}

export const createSubmissionSchema = buildSubmissionSchema();
export type CreateSubmissionInput = z.input<typeof createSubmissionSchema>;
export type CreateSubmissionData = z.output<typeof createSubmissionSchema>;

/**
 * A submission as the API answers it (spec sections 3 and 7). Dates are ISO strings. `amount` is pounds because the
 * spec names that field; `amountPence` is the same money as integer pence, which is what the client computes and
 * formats with (decision 016).
 */
export const submissionSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  serviceTier: z.enum(SERVICE_TIERS),
  category: z.enum(CATEGORIES),
  wordCount: z.number().int().nonnegative(),
  amount: z.number().nonnegative(),
  amountPence: z.number().int().nonnegative(),
  fastTurnaround: z.boolean(),
  tone: z.string(),
  targetAudience: z.string(),
  englishVariant: z.enum(ENGLISH_VARIANTS),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  contactWebsite: z.string(),
  content: z.string(),
  instructions: z.string(),
  additionalNotes: z.string(),
  reviewedContent: z.string().nullable(),
  reviewerNotes: z.string().nullable(),
  attachmentMode: z.enum(ATTACHMENT_MODES).nullable(),
  documentLink: z.string().nullable(),
  /** The fact-check report states the text makes no checkable claims (issue 12); false until the review is seen. */
  noCheckableClaims: z.boolean(),
  /** Review documents, downloadable through the app by the owner and admins. */
  documents: z.array(reviewDocumentSchema),
  createdAt: isoDateTimeSchema,
  paidAt: isoDateTimeSchema.nullable(),
  dueDate: isoDateTimeSchema.nullable(),
  completedAt: isoDateTimeSchema.nullable(),
  /** After payment (decision 018): money returned so far (a sum of refund rows), and what the customer may do. */
  refundedPence: z.number().int().nonnegative().default(0),
  /** Until when "Cancel order" is offered (paid, not started, within 24 h of submission); null when it is not. */
  cancellableUntil: isoDateTimeSchema.nullable().default(null),
  /** Until when "Request revision" is offered (completed, within 7 days, not used); null when it is not. */
  revisionAvailableUntil: isoDateTimeSchema.nullable().default(null),
  revisionRequestedAt: isoDateTimeSchema.nullable().default(null),
  revisionMessage: z.string().nullable().default(null),
  /** Who placed it (decision 047): present on an organisation's orders only, absent on a lone account's. */
  placedBy: z.object({ name: z.string(), email: z.string() }).optional(),
  /** Who holds editorial responsibility, as named on the order (decision 060); null: not named on the order. */
  editorialResponsibility: editorialResponsibilitySchema.nullable().optional(),
});
export type Submission = z.infer<typeof submissionSchema>;

/**
 * The review queue adds who ordered it, who holds it and the draft's version (decision 021). The money fields are
 * absent when a reviewer (not an admin) asks: reviewers never see payment details.
 */
export const adminSubmissionSchema = submissionSchema.extend({
  amount: submissionSchema.shape.amount.optional(),
  amountPence: submissionSchema.shape.amountPence.optional(),
  refundedPence: z.number().int().nonnegative().optional(),
  /** The order's open audit, else its latest closed one (decision 068); only on the one-order answer. */
  audit: auditSchema.nullable().optional(),
  /** The order's pending sign-off, else its latest decided one (decision 073); only on the one-order answer. */
  signOff: signOffSchema.nullable().optional(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** Who is working on the order; null when nobody is or the claim lapsed. */
  claim: claimInfoSchema.nullable(),
  /** The review draft's version: a save must send it back (optimistic concurrency). */
  reviewVersion: z.number().int().nonnegative(),
  /** Overdue, or due within 4 hours, at the time of the answer (issue 14); null when neither or finished. */
  dueFlag: z.enum(DUE_FLAGS).nullable().default(null),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

/** GET /api/submission/{id}: the draft prefill of the form. */
export const submissionDraftSchema = submissionSchema.pick({
  content: true,
  serviceTier: true,
  category: true,
  tone: true,
  targetAudience: true,
  englishVariant: true,
  instructions: true,
  additionalNotes: true,
  fastTurnaround: true,
});
export type SubmissionDraft = z.infer<typeof submissionDraftSchema>;

/**
 * One row of the review queue's list (decision 037): the order as the review desk sees it, without its two long
 * texts (`content`, `reviewedContent`); `preview` holds the first QUEUE_PREVIEW_CHARACTERS of the original.
 * The quick view and the workspace load the whole order from GET /api/admin/submissions/{id}.
 */
export const adminQueueItemSchema = adminSubmissionSchema.omit({ content: true, reviewedContent: true }).extend({
  preview: z.string().max(QUEUE_PREVIEW_CHARACTERS),
  /** A customer's message the team has not read yet (issue 42): staff reading the thread reads it. */
  unreadMessages: z.boolean().default(false),
});
export type AdminQueueItem = z.infer<typeof adminQueueItemSchema>;

/** The first `max` UTF-16 units of a text, one fewer when the cut would split a surrogate pair. */
export function previewOf(text: string, max: number = QUEUE_PREVIEW_CHARACTERS): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** The queue's row for a whole order (the browser puts a fresh order from a mutation back into its cached pages). */
export function queueItemOf(submission: AdminSubmission, unreadMessages = false): AdminQueueItem {
  const { content, reviewedContent: _reviewedContent, ...rest } = submission;
  return { ...rest, preview: previewOf(content), unreadMessages };
}

/** GET /api/submissions: one page of the customer's own orders, newest first (the next page is in a Link header). */
export const submissionListSchema = z.array(submissionSchema);
/** GET /api/admin/submissions: one page of the queue (the next page's cursor is in a header). */
export const adminSubmissionListSchema = z.array(adminQueueItemSchema);

/** GET /api/submissions: a page of at most SUBMISSIONS_MAX_LIMIT orders, SUBMISSIONS_DEFAULT_LIMIT by default. */
export const SUBMISSIONS_DEFAULT_LIMIT = 20;
export const SUBMISSIONS_MAX_LIMIT = 100;
/** Longest cursor the list accepts (the server's own are under 120 characters). */
export const SUBMISSIONS_CURSOR_MAX = 512;
const limitMessage = `limit must be a whole number from 1 to ${SUBMISSIONS_MAX_LIMIT}`;
export const submissionListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(SUBMISSIONS_MAX_LIMIT, limitMessage)
    .optional()
    .default(SUBMISSIONS_DEFAULT_LIMIT),
  cursor: z.string({ error: 'Invalid cursor' }).min(1, 'Invalid cursor').max(SUBMISSIONS_CURSOR_MAX, 'Invalid cursor').optional(),
});
export type SubmissionListQuery = z.output<typeof submissionListQuerySchema>;

/** GET /api/submissions/summary: the dashboard's counters, one SQL aggregate over all the customer's orders. */
export const submissionSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  inReview: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
});
export type SubmissionSummary = z.infer<typeof submissionSummarySchema>;
