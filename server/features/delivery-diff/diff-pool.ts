import type { DiffPart } from '../../../shared/text-diff';
import { HttpError } from '../../lib/http-error';
import { workerEntry } from '../../lib/worker-entry';
import { WorkerThread } from '../../lib/worker-thread';
import type { DiffRequest } from './diff-worker';

/** Diffs waiting beyond this many answer 503 (a queue that long means someone is hammering old deliveries). */
const MAX_QUEUED = 16;
export const DIFF_BUSY_MESSAGE = 'The server is busy preparing reviews. Please try again in a few seconds.';

/**
 * One worker thread that computes word diffs (0.7–1 s for a 3,000-word rewrite) off the main thread, one at a time
 * in order, with a short queue (issue 29).
 */
class DiffPool {
  private readonly thread = new WorkerThread<DiffRequest, DiffPart[]>(() => workerEntry(import.meta.url, 'diff-worker', 'diff-worker.ts'), {
    name: 'diff',
    maxQueued: MAX_QUEUED,
    busy: () => new HttpError(503, DIFF_BUSY_MESSAGE, { 'retry-after': '5' }),
  });
  /** Diffs computed (tests assert that a stored diff is not recomputed). */
  computed = 0;

  diff(original: string, reviewed: string): Promise<DiffPart[]> {
    this.computed += 1;
    return this.thread.run({ original, reviewed });
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}

export const diffPool = new DiffPool();
