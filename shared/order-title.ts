import { z } from 'zod';

/**
 * An order's title (issue 45 item 5, decision 070): derived from the text (decision 006: at most 60 characters), or
 * the customer's own name for it (at most MAX_ORDER_TITLE_CHARACTERS). Wherever a title is made or shown shortened,
 * it is cut by `cutAtWord`: at a word, with an ellipsis, never mid-word.
 */
export const DERIVED_TITLE_CHARACTERS = 60;
export const MAX_ORDER_TITLE_CHARACTERS = 120;
export const ELLIPSIS = '…';

export const ORDER_TITLE_MESSAGES = {
  empty: 'Give the order a title.',
  tooLong: `The title must be ${MAX_ORDER_TITLE_CHARACTERS} characters or less.`,
  controlCharacters: 'Use letters, numbers and punctuation only: control and text-direction characters are not allowed.',
  renamed: 'Order renamed.',
} as const;

/**
 * `text` with its white space flattened, at most `max` characters (UTF-16 units) long: whole when it fits, else cut
 * after the last whole word that leaves room for the ellipsis, and the ellipsis added. Punctuation left hanging at
 * the cut ("reached,") is dropped. Only a first word longer than `max` is cut inside (there is no word to stop at);
 * never inside a surrogate pair.
 */
export function cutAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = Math.max(1, max - ELLIPSIS.length);
  // The cut may end exactly before a space (the word fits whole): look one character further for that space.
  const head = flat.slice(0, room + 1);
  const lastSpace = head.lastIndexOf(' ');
  let kept = lastSpace > 0 ? head.slice(0, lastSpace) : hardCut(flat, room);
  kept = kept.replace(/[\s,;:\-–—([{"'“‘]+$/u, '');
  return `${kept || hardCut(flat, room)}${ELLIPSIS}`;
}

function hardCut(text: string, length: number): string {
  const cut = text.slice(0, length);
  // Do not leave half of a surrogate pair.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

// C0/C1 control characters, DEL, line and paragraph separators; and the bidirectional embeddings, overrides and
// isolates (U+202A–U+202E, U+2066–U+2069) that can make a title read differently from what it holds.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A title the customer gives: trimmed, inner white space kept as typed but never a control or bidi character. */
export const orderTitleSchema = z
  .string({ error: ORDER_TITLE_MESSAGES.empty })
  // A generous pre-check so a megabyte is refused before it is scanned.
  .max(MAX_ORDER_TITLE_CHARACTERS * 4, ORDER_TITLE_MESSAGES.tooLong)
  .refine((v) => !FORBIDDEN.test(v), ORDER_TITLE_MESSAGES.controlCharacters)
  .transform((v) => v.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, ORDER_TITLE_MESSAGES.empty)
      // Only invisible characters (zero-width spaces, joiners) is no title either.
      .refine((v) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(v), ORDER_TITLE_MESSAGES.empty)
      .refine((v) => v.length <= MAX_ORDER_TITLE_CHARACTERS, ORDER_TITLE_MESSAGES.tooLong),
  );

/** PATCH /api/submissions/:id: what a customer may change of their order (its title). */
export const renameOrderSchema = z.object({ title: orderTitleSchema }).strict();
export type RenameOrderInput = z.input<typeof renameOrderSchema>;
