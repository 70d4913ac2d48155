import { parentPort } from 'node:worker_threads';
import { diffWords } from '../../../shared/text-diff';

/** A worker thread (diff-pool.ts): one word diff per message, so the server's event loop never computes one. */
export interface DiffRequest {
  id: number;
  original: string;
  reviewed: string;
}

parentPort?.on('message', (request: DiffRequest) => {
  try {
    parentPort!.postMessage({ id: request.id, result: diffWords(request.original, request.reviewed) });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
