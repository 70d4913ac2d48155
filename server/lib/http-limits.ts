import {
  MAX_CONTENT_CHARACTERS,
  MAX_NOTE_CHARACTERS,
  MAX_SHORT_FIELD_CHARACTERS,
  MAX_TONE_CHARACTERS,
} from '../../shared/submission.schema';

/** Longest value of each text field the form takes from a `/check-now?...` prefill link (form-model.ts). */
const PREFILL_FIELD_MAXIMA = {
  content: MAX_CONTENT_CHARACTERS,
  tone: MAX_TONE_CHARACTERS,
  targetAudience: MAX_SHORT_FIELD_CHARACTERS,
  instructions: MAX_NOTE_CHARACTERS,
  additionalNotes: MAX_NOTE_CHARACTERS,
  contactName: MAX_SHORT_FIELD_CHARACTERS,
  contactEmail: 254,
  contactPhone: 50,
  contactWebsite: 500,
} as const;

/** A UTF-16 unit percent-encodes to at most 9 bytes (a 3-byte UTF-8 character: %E4%B8%AD). */
const WORST_ENCODED_BYTES_PER_UNIT = 9;
/** Parameter names, the choice fields, the path and the ordinary headers (cookies, user agent, ...). */
const OTHER_HEADER_BYTES = 32 * 1024;

/** The longest prefill link the form can take, fully percent-encoded in the worst case. */
export const MAX_PREFILL_URL_BYTES =
  Object.values(PREFILL_FIELD_MAXIMA).reduce((sum, max) => sum + max, 0) * WORST_ENCODED_BYTES_PER_UNIT;

/**
 * Node's limit on the request line plus headers (default 16 KiB, which answered 431 to a 3,000-word prefill link):
 * room for the longest prefill link plus ordinary headers, rounded up to whole KiB.
 */
export const MAX_REQUEST_HEADER_BYTES = Math.ceil((MAX_PREFILL_URL_BYTES + OTHER_HEADER_BYTES) / 1024) * 1024;
