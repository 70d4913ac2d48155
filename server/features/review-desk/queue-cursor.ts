import type { QueueSort } from '../../../shared/review.schema';
import { RECORD_ID_PATTERN } from '../../../shared/ids';
import { badRequest } from '../../lib/http-error';

/**
 * Position after the last row of a page: its sort key (microsecond ISO time, or null for no due date), for the
 * due sort its queue priority (decision 022; 0 and unused for the created sort), and its id.
 */
export interface QueueCursor {
  sort: QueueSort;
  at: string | null;
  priority: number;
  id: string;
}
const ISO_MICROS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/**
 * A time PostgreSQL accepts: the shape above and a real calendar instant (no 30 February, hour 24 or year 0).
 * Date.parse is not enough: it rolls 2024-02-30 over to 1 March.
 */
export function isCursorTime(value: string): boolean {
  const match = ISO_MICROS.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

export function encodeCursor(cursor: QueueCursor): string {
  const fields = cursor.sort === 'due' ? [cursor.sort, cursor.at, cursor.priority, cursor.id] : [cursor.sort, cursor.at, cursor.id];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** Opaque to clients; anything that does not decode to a cursor of this sort is a 400. */
export function decodeCursor(raw: string, sort: QueueSort): QueueCursor {
  const invalid = () => badRequest('Invalid cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== (sort === 'due' ? 4 : 3)) throw invalid();
  const [s, at] = parsed as unknown[];
  const priority: unknown = sort === 'due' ? parsed[2] : 0;
  const id: unknown = parsed[parsed.length - 1];
  if (s !== sort) throw invalid();
  if (typeof id !== 'string' || !RECORD_ID_PATTERN.test(id)) throw invalid();
  // queue_priority is a smallint.
  if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 0 || priority > 32_767) throw invalid();
  if (at === null) {
    if (sort !== 'due') throw invalid();
    return { sort, at: null, priority, id };
  }
  if (typeof at !== 'string' || !isCursorTime(at)) throw invalid();
  return { sort, at, priority, id };
}
