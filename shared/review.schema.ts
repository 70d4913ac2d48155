import { effortCountsSchema } from './review-effort.schema';
import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';
import { recordIdSchema } from './ids';
import { SUBMISSION_STATUSES } from './submission-status';
import { isHttpUrl } from './http-url';
import { CLAIM_IDLE_HOURS } from './team.schema';

// ---------------------------------------------------------------------------------------------
// Review documents (spec section 5 and 9; decisions "Files")
// ---------------------------------------------------------------------------------------------
export const MAX_REVIEW_DOCUMENTS = 5;
export const MAX_REVIEW_DOCUMENT_BYTES = 50_485_760;
/** How long a signed upload address stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Document types only: extension → the content type the file is stored and served with. */
export const REVIEW_DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  rtf: 'application/rtf',
  odt: 'application/vnd.oasis.opendocument.text',
  md: 'text/markdown; charset=utf-8',
} as const;
export type ReviewDocumentExtension = keyof typeof REVIEW_DOCUMENT_TYPES;
export const REVIEW_DOCUMENT_ACCEPT = Object.keys(REVIEW_DOCUMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

export function documentExtension(fileName: string): ReviewDocumentExtension | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  const ext = match?.[1]?.toLowerCase();
  return ext && ext in REVIEW_DOCUMENT_TYPES ? (ext as ReviewDocumentExtension) : null;
}

export const REVIEW_MESSAGES = {
  /** Issue 29: the override for an order paid outside the card flow (decision 009) is an administrator's. */
  unpaidNeedsAdmin: 'This order has not been paid. Only an administrator can start it (for an order paid outside the card flow).',
  /** Issue 29: a delivered review is not changed silently; the order goes back to review first. */
  completedIsDelivered: 'This order is completed and its review delivered. Move it back to "In review" before changing the review.',
  invalidUrl: 'Please enter a valid URL',
  blankText: 'Please enter the reviewed content',
  noDocuments: 'Please upload at least one document',
  unknownDocument: 'A listed document was not uploaded for this submission',
  tooManyDocuments: `At most ${MAX_REVIEW_DOCUMENTS} documents can be attached to a review`,
  tooLarge: `Each document must be ${MAX_REVIEW_DOCUMENT_BYTES.toLocaleString('en-GB')} bytes or less`,
  wrongType: 'Only document files can be uploaded (PDF, DOC, DOCX, TXT, RTF, ODT or MD)',
  contentMismatch: 'The file content does not match its document type',
  submissionRequired: 'submissionId is required',
  updateFailed: 'Failed to update review',
  statusFailed: 'Failed to update status',
  invalidStatus: `Status must be one of: ${SUBMISSION_STATUSES.join(', ')}`,
  paidOnlyByPayment: 'Only a confirmed card payment can mark a submission paid. Use "in-review" for an order paid another way.',
  paidCannotBeNew: 'A paid submission cannot go back to new.',
} as const;

// ---------------------------------------------------------------------------------------------
// Review update payload (spec section 3): PATCH /api/admin/submissions/:id/review
// ---------------------------------------------------------------------------------------------
export const ATTACHMENT_MODES = ['text', 'upload', 'link'] as const;
export type AttachmentMode = (typeof ATTACHMENT_MODES)[number];
export const MAX_REVIEWED_CONTENT_CHARACTERS = 400_000;
export const MAX_REVIEWER_NOTES_CHARACTERS = 10_000;

export const reviewUpdateSchema = z
  .object({
    id: z.string().trim().max(64).optional(),
    reviewedContent: z
      .string()
      .max(MAX_REVIEWED_CONTENT_CHARACTERS, 'Reviewed content is too long')
      .nullish()
      .transform((v) => v ?? ''),
    reviewerNotes: z
      .string()
      .max(MAX_REVIEWER_NOTES_CHARACTERS, 'Reviewer notes are too long')
      .nullish()
      .transform((v) => v ?? ''),
    complete: z.boolean({ error: 'complete must be true or false' }),
    attachmentMode: z.enum(ATTACHMENT_MODES, { error: 'Attachment mode must be text, upload or link' }).default('text'),
    documentLink: z
      .string()
      .trim()
      .max(2000, REVIEW_MESSAGES.invalidUrl)
      .nullish()
      .transform((v) => v ?? ''),
    /** Document ids or their addresses (`/api/documents/{id}`), as the upload answered them. */
    uploadedDocuments: z.array(z.string().trim().min(1).max(500)).max(MAX_REVIEW_DOCUMENTS, REVIEW_MESSAGES.tooManyDocuments).default([]),
    /**
     * The draft's version the editor started from (the order's reviewVersion, decision 021): a save from an older
     * version is refused with 409, so a stale tab never overwrites a newer draft.
     */
    version: z
      .number({ error: 'version must be the reviewVersion the draft was loaded at' })
      .int('version must be the reviewVersion the draft was loaded at')
      .min(0, 'version must be the reviewVersion the draft was loaded at')
      .max(2_147_483_647, 'version must be the reviewVersion the draft was loaded at'),
    /** The fact-check report's "No checkable claims" statement (issue 12); left as it is when absent. */
    noCheckableClaims: z.boolean({ error: 'noCheckableClaims must be true or false' }).optional(),
    /**
     * Active editing seconds since the previous save, as the editor measured them (focus and input, idle gaps over
     * a minute left out). The server adds at most the time that has passed (the effort record, issues 23 and 24).
     */
    activeSeconds: z
      .number({ error: 'activeSeconds must be a number of seconds' })
      .int('activeSeconds must be a whole number of seconds')
      .min(0, 'activeSeconds must be a number of seconds')
      .max(86_400, 'activeSeconds must be at most a day')
      .optional(),
    /** The workspace's accepted and ignored suggestions and findings since the previous save (the effort record). */
    effortCounts: effortCountsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.attachmentMode === 'link') {
      const blank = value.documentLink === '';
      if ((blank && value.complete) || (!blank && !isHttpUrl(value.documentLink))) {
        ctx.addIssue({ code: 'custom', path: ['documentLink'], message: REVIEW_MESSAGES.invalidUrl });
      }
    }
    if (value.complete && value.attachmentMode === 'text' && value.reviewedContent.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['reviewedContent'], message: REVIEW_MESSAGES.blankText });
    }
    if (value.complete && value.attachmentMode === 'upload' && value.uploadedDocuments.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['uploadedDocuments'], message: REVIEW_MESSAGES.noDocuments });
    }
  });
export type ReviewUpdateInput = z.input<typeof reviewUpdateSchema>;
export type ReviewUpdate = z.output<typeof reviewUpdateSchema>;

/** The spec's disabled rule for "Complete Review" (section 5), shared by the dialog and its tests. */
export function canCompleteReview(input: {
  attachmentMode: AttachmentMode;
  reviewedContent: string;
  documentLink: string;
  uploadedCount: number;
  saving: boolean;
}): boolean {
  if (input.saving) return false;
  if (input.attachmentMode === 'text') return input.reviewedContent.trim() !== '';
  if (input.attachmentMode === 'link') return input.documentLink.trim() !== '';
  return input.uploadedCount > 0;
}

export function documentPath(documentId: string): string {
  return `/api/documents/${documentId}`;
}

/** A listed document as the id it names: accepts an id, `/api/documents/{id}` or an absolute address. */
export function documentIdFromReference(reference: string): string | null {
  const match = /(?:^|\/api\/documents\/)([A-Za-z0-9-]{8,64})$/.exec(reference.trim());
  return match?.[1] ?? null;
}

/**
 * The stored reviewedContent (spec section 7, decisions "Files"): link mode puts the link first, upload mode the
 * document addresses (one per line), then a blank line and the reviewed text; text mode is the text alone.
 */
export function buildReviewedContent(input: {
  attachmentMode: AttachmentMode;
  reviewedText: string;
  documentLink: string;
  documentUrls: readonly string[];
}): string {
  const text = input.reviewedText.trim();
  const prefix =
    input.attachmentMode === 'link'
      ? input.documentLink.trim()
      : input.attachmentMode === 'upload'
        ? input.documentUrls.join('\n')
        : '';
  if (!prefix) return text;
  return text ? `${prefix}\n\n${text}` : prefix;
}

/** The reviewer's own text inside a stored reviewedContent (undoes buildReviewedContent's prefix). */
export function reviewedTextOf(input: {
  reviewedContent: string | null;
  attachmentMode: string | null;
  documentLink: string | null;
}): string {
  const stored = input.reviewedContent ?? '';
  if (input.attachmentMode === 'link' && input.documentLink) {
    if (stored === input.documentLink) return '';
    if (stored.startsWith(`${input.documentLink}\n\n`)) return stored.slice(input.documentLink.length + 2);
    return stored;
  }
  if (input.attachmentMode === 'upload') {
    const lines = stored.split('\n');
    let i = 0;
    while (i < lines.length && /^https?:\/\/\S+\/api\/documents\/[A-Za-z0-9-]+$|^\/api\/documents\/[A-Za-z0-9-]+$/.test(lines[i]!)) i += 1;
    if (i === 0) return stored;
    if (i === lines.length) return '';
    if (lines[i] === '') return lines.slice(i + 1).join('\n');
    return stored;
  }
  return stored;
}

// ---------------------------------------------------------------------------------------------
// Status moves and history
// ---------------------------------------------------------------------------------------------
export const statusUpdateSchema = z.object({
  status: z.enum(SUBMISSION_STATUSES, { error: REVIEW_MESSAGES.invalidStatus }),
});
export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;

export const statusHistoryEntrySchema = z.object({
  fromStatus: z.enum(SUBMISSION_STATUSES).nullable(),
  toStatus: z.enum(SUBMISSION_STATUSES),
  changedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  reason: z.string(),
  createdAt: isoDateTimeSchema,
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;
/** GET /api/admin/submissions/:id/history, oldest first. */
export const statusHistorySchema = z.array(statusHistoryEntrySchema);

// ---------------------------------------------------------------------------------------------
// The admin queue: GET /api/admin/submissions
// ---------------------------------------------------------------------------------------------
/**
 * `open` is the work still to do (issue 42): every status but the finished ones, QUEUE_CLOSED_STATUSES. The review
 * desk opens on it; `all` (the API's default) still lists everything.
 */
export const QUEUE_STATUS_FILTERS = ['all', 'open', ...SUBMISSION_STATUSES] as const;
export const QUEUE_CLOSED_STATUSES = ['completed', 'cancelled'] as const satisfies readonly (typeof SUBMISSION_STATUSES)[number][];
export type QueueStatusFilter = (typeof QUEUE_STATUS_FILTERS)[number];
export const QUEUE_SORTS = ['created', 'due'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export const QUEUE_DEFAULT_LIMIT = 50;
export const QUEUE_MAX_LIMIT = 100;
/** The response header holding the next page's cursor (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** Queue views (issue 14): everything, the signed-in reviewer's live claims, or work nobody holds. */
export const QUEUE_VIEWS = ['all', 'mine', 'unclaimed', 'audits', 'sign-off'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];
/** "Audits": orders with an open audit (decision 068), whatever their status. */
export const QUEUE_VIEW_LABELS: Record<QueueView, string> = { all: 'All', mine: 'My work', unclaimed: 'Unclaimed', audits: 'Audits', 'sign-off': 'Sign-off' };

/** A claim with no activity (claim, save) for CLAIM_IDLE_HOURS (decision 021) has lapsed: unclaimed again. */
export const CLAIM_LAPSE_MS = CLAIM_IDLE_HOURS * 60 * 60 * 1000;
/** "Due soon": due within this many hours and not finished (the queue's flag and the team's e-mail). */
export const DUE_SOON_HOURS = 4;
export const DUE_SOON_MS = DUE_SOON_HOURS * 60 * 60 * 1000;

export const DUE_FLAGS = ['overdue', 'due-soon'] as const;
export type DueFlag = (typeof DUE_FLAGS)[number];
export const DUE_FLAG_LABELS: Record<DueFlag, string> = {
  overdue: 'Overdue',
  'due-soon': `Due within ${DUE_SOON_HOURS} hours`,
};
/** Statuses whose work is done: never flagged overdue or due soon. */
const FINISHED_STATUSES: readonly string[] = ['completed', 'cancelled'];

/** The queue's flag for an order at `now`: overdue (due has passed), due soon (within 4 h), or none. */
export function dueFlagOf(input: { dueDate: Date | string | null; status: string }, now: Date): DueFlag | null {
  if (input.dueDate === null || FINISHED_STATUSES.includes(input.status)) return null;
  const due = typeof input.dueDate === 'string' ? Date.parse(input.dueDate) : input.dueDate.getTime();
  if (Number.isNaN(due)) return null;
  if (due < now.getTime()) return 'overdue';
  if (due - now.getTime() <= DUE_SOON_MS) return 'due-soon';
  return null;
}

/** Search text: no NUL (PostgreSQL text cannot hold it) and at most 254 characters. */
export const QUEUE_SEARCH_MAX = 254;

export const adminQueueQuerySchema = z.object({
  view: z
    .enum(QUEUE_VIEWS, { error: `view must be one of: ${QUEUE_VIEWS.join(', ')}` })
    .optional()
    .default('all'),
  status: z
    .enum(QUEUE_STATUS_FILTERS, { error: `status must be one of: ${QUEUE_STATUS_FILTERS.join(', ')}` })
    .optional()
    .default('all'),
  q: z
    .string()
    .trim()
    .max(QUEUE_SEARCH_MAX, 'Search is too long')
    .refine((v) => !v.includes('\u0000'), 'Search contains a character that cannot be searched')
    .optional()
    .default(''),
  sort: z.enum(QUEUE_SORTS, { error: 'sort must be due or created' }).optional().default('created'),
  limit: z.coerce
    .number({ error: `limit must be a number from 1 to ${QUEUE_MAX_LIMIT}` })
    .int(`limit must be a number from 1 to ${QUEUE_MAX_LIMIT}`)
    .min(1, `limit must be a number from 1 to ${QUEUE_MAX_LIMIT}`)
    .max(QUEUE_MAX_LIMIT, `limit must be a number from 1 to ${QUEUE_MAX_LIMIT}`)
    .optional()
    .default(QUEUE_DEFAULT_LIMIT),
  cursor: z.string().trim().max(500, 'Invalid cursor').optional(),
});
export type AdminQueueQuery = z.output<typeof adminQueueQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Uploads: POST /api/objects/upload and POST /api/objects/complete
// ---------------------------------------------------------------------------------------------
/**
 * The spec sends no body; the server needs the submission to make the key and count the files, and takes the
 * file's name, type and size (all optional) to refuse a wrong type or an oversized file before any byte moves.
 */
export const uploadRequestSchema = z.object({
  submissionId: recordIdSchema(REVIEW_MESSAGES.submissionRequired),
  fileName: z.string().trim().max(255).optional(),
  contentType: z.string().trim().max(255).optional(),
  size: z.number().int().min(0).optional(),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const STORAGE_DRIVERS = ['local', 's3'] as const;
export type StorageDriver = (typeof STORAGE_DRIVERS)[number];

export const uploadResponseSchema = z.object({
  uploadURL: z.string(),
  documentId: z.string(),
  /** Where the document is downloaded from once uploaded. */
  url: z.string(),
  /** 'local' PUTs are confirmed by the app itself; 's3' ones need POST /api/objects/complete afterwards. */
  driver: z.enum(STORAGE_DRIVERS),
  expiresAt: isoDateTimeSchema,
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const uploadCompleteSchema = z.object({ documentId: recordIdSchema('documentId is required') });

export const reviewDocumentSchema = z.object({ id: z.string(), fileName: z.string(), url: z.string() });
export type ReviewDocument = z.infer<typeof reviewDocumentSchema>;

/** The answer once a document is stored (the local PUT and POST /api/objects/complete): its size in bytes too. */
export const storedDocumentSchema = reviewDocumentSchema.extend({ size: z.number().int().nonnegative().nullable() });
export type StoredDocument = z.infer<typeof storedDocumentSchema>;
