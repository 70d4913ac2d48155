import { diffArrays } from 'diff';
import { countWords } from './word-count';

/**
 * The word-level diff of an original against its reviewed copy, used by the customer's diff view, the Word file's
 * tracked changes and the "review completed" e-mail. Pure code: safe in the browser and on the server.
 */
export type DiffPartType = 'equal' | 'insert' | 'delete';
export interface DiffPart {
  type: DiffPartType;
  text: string;
}

export interface DiffStats {
  insertedWords: number;
  deletedWords: number;
  /** Words touched by the review: a replaced word counts once, an added or removed one once. */
  changedWords: number;
}

/** Beyond this much work the diff gives up on detail and answers "all deleted, all inserted". */
const DIFF_TIMEOUT_MS = 1500;

const segmenter: Intl.Segmenter | null =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('en', { granularity: 'word' }) : null;

/** Windows and old Mac line ends become "\n", so a copy pasted on another system does not differ on every line. */
export function normaliseLineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * Words, punctuation and whitespace as separate tokens whose concatenation is the text itself. Intl.Segmenter
 * splits words in every script (a Latin-only regex would cut "Москва" into letters); each line break is a token of
 * its own so that paragraphs line up.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pieces = segmenter
    ? Array.from(segmenter.segment(text), (s) => s.segment)
    : (text.match(/[\p{L}\p{M}\p{N}_'’-]+|\s+|[^\p{L}\p{M}\p{N}\s]/gu) ?? []);
  for (const piece of pieces) {
    if (/^\s+$/u.test(piece) && piece.includes('\n')) {
      for (const part of piece.split(/(\n)/)) if (part !== '') tokens.push(part);
    } else {
      tokens.push(piece);
    }
  }
  return tokens;
}

function push(parts: DiffPart[], type: DiffPartType, text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last && last.type === type) last.text += text;
  else parts.push({ type, text });
}

/**
 * The word diff: joining the equal and deleted parts gives the original back, joining the equal and inserted
 * parts gives the reviewed text (both with line ends normalised). A deletion comes before the insertion that
 * replaces it.
 */
export function diffWords(original: string, reviewed: string, options: { timeoutMs?: number } = {}): DiffPart[] {
  const before = normaliseLineEnds(original);
  const after = normaliseLineEnds(reviewed);
  const parts: DiffPart[] = [];
  if (before === after) {
    push(parts, 'equal', before);
    return parts;
  }
  const changes = diffArrays(tokenize(before), tokenize(after), { timeout: options.timeoutMs ?? DIFF_TIMEOUT_MS });
  if (!changes) {
    push(parts, 'delete', before);
    push(parts, 'insert', after);
    return parts;
  }
  const raw: DiffPart[] = changes.map((c) => ({
    type: c.added ? 'insert' : c.removed ? 'delete' : 'equal',
    text: c.value.join(''),
  }));
  return groupChanges(raw);
}

/**
 * Readable hunks: a lone space kept between two changes ("delete a", " ", "insert b", " ", "insert c") joins them,
 * and each run of changes becomes one deletion followed by one insertion.
 */
function groupChanges(raw: readonly DiffPart[]): DiffPart[] {
  const parts: DiffPart[] = [];
  let deleted = '';
  let inserted = '';
  const flush = () => {
    push(parts, 'delete', deleted);
    push(parts, 'insert', inserted);
    deleted = '';
    inserted = '';
  };
  raw.forEach((part, i) => {
    if (part.type === 'delete') deleted += part.text;
    else if (part.type === 'insert') inserted += part.text;
    else if (
      /^[^\S\n]+$/u.test(part.text) &&
      (deleted !== '' || inserted !== '') &&
      raw[i + 1] !== undefined &&
      raw[i + 1]!.type !== 'equal'
    ) {
      deleted += part.text;
      inserted += part.text;
    } else {
      flush();
      push(parts, 'equal', part.text);
    }
  });
  flush();
  return parts;
}

/**
 * Words changed: the one count the certificate, the dashboard, the e-mails and the report give (issue 42; they
 * disagreed, 220 against 175, when the certificate added inserted and removed words). A replaced word counts once,
 * an added or a removed one once (DiffStats.changedWords). No diff (a delivery of documents only): 0.
 */
export function wordsChanged(parts: readonly DiffPart[] | null): number {
  return parts ? diffStats(parts).changedWords : 0;
}

/** The counts a customer is told: see DiffStats. */
export function diffStats(parts: readonly DiffPart[]): DiffStats {
  let insertedWords = 0;
  let deletedWords = 0;
  let changedWords = 0;
  let pendingDeleted = 0;
  for (const part of parts) {
    if (part.type === 'delete') {
      const n = countWords(part.text);
      deletedWords += n;
      pendingDeleted += n;
    } else if (part.type === 'insert') {
      const n = countWords(part.text);
      insertedWords += n;
      changedWords += Math.max(n, pendingDeleted);
      pendingDeleted = 0;
    } else {
      changedWords += pendingDeleted;
      pendingDeleted = 0;
    }
  }
  changedWords += pendingDeleted;
  return { insertedWords, deletedWords, changedWords };
}

/** The text on one side of a diff. */
export function sideOf(parts: readonly DiffPart[], side: 'original' | 'reviewed'): string {
  const skip: DiffPartType = side === 'original' ? 'insert' : 'delete';
  return parts
    .filter((p) => p.type !== skip)
    .map((p) => p.text)
    .join('');
}
