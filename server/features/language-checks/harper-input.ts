/**
 * What harper.js is given (decision 052): the text with its hostile runs masked, in pieces of bounded length.
 * harper.js panics on a very long word ("capacity overflow" at 12,000 letters) and slows down faster than the text
 * grows on long runs of dashes, dots or emoji and on long stretches without a full stop; masked and in pieces, its
 * work grows with the text. Masking keeps every UTF-16 offset: a run keeps its first character and the rest of it
 * becomes spaces, one per UTF-16 unit (line breaks stay), so a finding's offsets in the masked text are its offsets
 * in the original one.
 */

export interface Span {
  start: number;
  end: number;
}

/** No English word is this long; a longer run without a space (a pasted hash, a hostile word) is masked. */
export const LONG_TOKEN = 64;
/** Runs of this many symbols (punctuation, dashes, emoji), spaces between them or not, are masked. */
export const SYMBOL_RUN = 8;
/** Longest piece harper.js lints at once: whole lines where they fit, else cut at a sentence end or a space. */
export const PIECE = 2_000;

const LONG_TOKEN_RUN = new RegExp(`\\S{${LONG_TOKEN + 1},}`, 'gu');
// A symbol is anything but a letter, a digit or a space; the repetition cannot backtrack into itself because
// a symbol is never a space.
const SYMBOL_RUN_RE = new RegExp(`[^\\p{L}\\p{N}\\s](?:\\s*[^\\p{L}\\p{N}\\s]){${SYMBOL_RUN - 1},}`, 'gu');

/** Keeps the run's first code point; every other UTF-16 unit becomes a space, except line breaks. */
function blank(run: string): string {
  const first = String.fromCodePoint(run.codePointAt(0)!);
  return first + run.slice(first.length).replace(/[^\n\r]/g, ' ');
}

/** The text as harper.js sees it, and the spans masked in it (sorted, not overlapping). */
export function maskForHarper(text: string): { masked: string; spans: Span[] } {
  const found: Span[] = [];
  for (const regex of [LONG_TOKEN_RUN, SYMBOL_RUN_RE]) {
    for (const match of text.matchAll(regex)) found.push({ start: match.index, end: match.index + match[0].length });
  }
  if (found.length === 0) return { masked: text, spans: [] };
  found.sort((a, b) => a.start - b.start);
  const spans: Span[] = [];
  for (const span of found) {
    const last = spans.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else spans.push({ ...span });
  }
  let masked = '';
  let at = 0;
  for (const span of spans) {
    masked += text.slice(at, span.start) + blank(text.slice(span.start, span.end));
    at = span.end;
  }
  return { masked: masked + text.slice(at), spans };
}

/** Whether [start, end) overlaps one of `spans` (sorted, not overlapping): a binary search. */
export function overlapsSpan(spans: readonly Span[], start: number, end: number): boolean {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (spans[mid]!.end <= start) low = mid + 1;
    else high = mid;
  }
  const span = spans[low];
  return span !== undefined && span.start < Math.max(end, start + 1);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const SPACES = new Set([' ', '\t', '\n', '\r', '\f', '\v', '\u00a0']);

/**
 * Where a piece starting at `start` ends: after the last line break in its second half, else after the last sentence
 * end there, else after the last space, else at the limit (never between the halves of a surrogate pair). One scan
 * of the window, so cutting the whole text is linear.
 */
function pieceEnd(text: string, start: number, size: number): number {
  const limit = start + size;
  if (limit >= text.length) return text.length;
  const half = start + (size >> 1);
  let sentence = -1;
  let space = -1;
  for (let i = limit - 1; i > start; i -= 1) {
    const char = text[i]!;
    if (!SPACES.has(char)) continue;
    if (char === '\n' && i >= half) return i + 1;
    if (space === -1) space = i + 1;
    if (sentence === -1 && i >= half && '.!?'.includes(text[i - 1]!)) sentence = i + 1;
  }
  if (sentence !== -1) return sentence;
  if (space !== -1) return space;
  return isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
}

/** The text in pieces of at most `size` UTF-16 units, each with its offset; together they are the whole text. */
export function piecesOf(text: string, size = PIECE): { start: number; text: string }[] {
  const pieces: { start: number; text: string }[] = [];
  for (let start = 0; start < text.length; ) {
    const end = pieceEnd(text, start, size);
    pieces.push({ start, text: text.slice(start, end) });
    start = end;
  }
  return pieces;
}

/**
 * harper.js is asked not to drop overlapping findings (`dedup: false`), as it does by default: its long-sentence
 * finding covers the whole sentence and hid every spelling finding inside it (issue 42). What it then reports twice
 * is the same words under two rules ("Teh": a typo and a spelling); one finding per span stays, the more specific
 * (any kind but Spelling, as harper.js's own choice), else the first.
 */
export function oneFindingPerSpan<T extends { start: number; end: number; kind: string }>(found: readonly T[]): T[] {
  const bySpan = new Map<string, T>();
  for (const item of found) {
    const key = `${item.start}:${item.end}`;
    const kept = bySpan.get(key);
    if (!kept || (kept.kind === 'Spelling' && item.kind !== 'Spelling')) bySpan.set(key, item);
  }
  return [...bySpan.values()];
}
