/**
 * The order form's limits and messages, without zod: the form's own code reads them before its validation loads
 * (the schemas in submission.schema.ts come later, decision 051). submission.schema.ts re-exports them.
 */
export const MIN_CONTENT_CHARACTERS = 10;
export const MAX_WORDS = 3000;
export const MAX_TONE_CHARACTERS = 50;
/** Generous caps on free-text fields the spec leaves unbounded, so nobody can store megabytes in a note. */
export const MAX_NOTE_CHARACTERS = 5000;
export const MAX_SHORT_FIELD_CHARACTERS = 200;
/**
 * Characters per order, in UTF-16 units as `String.length` and the browser's maxlength count them (an emoji or
 * another character beyond U+FFFF is two), so the form's counter, text extraction and the server agree: twice what 3,000 words of real English take
 * (about 6 characters a word with its space), so only padding or abuse reaches it
 * (docs/decisions/013-resource-limits.md).
 */
export const MAX_CONTENT_CHARACTERS = 40_000;
export const CONTENT_PREVIEW_DASHBOARD = 150;
export const CONTENT_PREVIEW_UPLOAD = 200;
/**
 * The review queue's list answers the first this-many characters of an order's text (UTF-16 units, never half a
 * surrogate pair), not the text itself: the full text comes from GET /api/admin/submissions/{id} (decision 037).
 */
export const QUEUE_PREVIEW_CHARACTERS = 300;
/** Largest file the form accepts for text extraction (.txt, .docx, .pdf). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const SUBMISSION_MESSAGES = {
  contentTooShort: 'Content must be at least 10 characters long',
  contentTooLong: (email: string) =>
    `Content must be 3,000 words or less. For longer content, please email ${email}`,
  serviceTier: 'Please select a service tier',
  category: 'Please select a category',
  contactName: 'Name is required',
  contactEmail: 'Please enter a valid email',
  contactWebsite: 'Please enter a valid URL',
  contentTooManyCharacters: (email: string) =>
    `Content must be ${MAX_CONTENT_CHARACTERS.toLocaleString('en-GB')} characters or less. For longer content, please email ${email}`,
  tone: 'Tone must be 50 characters or less',
  contentRequired: 'Content required: Please enter some content to review.',
} as const;
