import type { QueueSort } from '../../../shared/review.schema';
import { badRequest } from '../../lib/http-error';

/** Position after the last row of a page: its sort key (microsecond ISO time, or null for no due date) and id. */
export interface QueueCursor {
  sort: QueueSort;
  at: string | null;
  id: string;
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: QueueCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.at, cursor.id])).toString('base64url');
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
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [s, at, id] = parsed as unknown[];
  if (s !== sort) throw invalid();
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) throw invalid();
  if (at === null) {
    if (sort !== 'due') throw invalid();
    return { sort, at: null, id };
  }
  if (typeof at !== 'string' || !ISO_MICROS.test(at) || Number.isNaN(Date.parse(at))) throw invalid();
  return { sort, at, id };
}
