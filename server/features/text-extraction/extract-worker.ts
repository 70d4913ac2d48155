/**
 * Entry of the child process that reads one uploaded file (extraction-pool.ts starts it, with a heap limit, a
 * wall-clock limit and a memory watchdog). It gets { kind, bytes, limits } over IPC, answers one message, exits.
 */
import { ExtractionLimitError, extractText, type ContentLimits, type SupportedExtension } from './extract-text';

interface Job {
  kind: SupportedExtension;
  bytes: Uint8Array;
  limits: ContentLimits;
}

// The server went away (crash, restart): nobody waits for the answer.
process.on('disconnect', () => process.exit(0));

process.once('message', (job: Job) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  extractText(job.kind, bytes, job.limits).then(
    (text) => answer({ ok: true, text }),
    (err: unknown) =>
      answer({
        ok: false,
        reason: err instanceof ExtractionLimitError ? err.reason : 'unreadable',
        detail: (err instanceof Error ? err.message : String(err)).slice(0, 300),
      }),
  );
});

function answer(message: object): void {
  process.send?.(message, () => process.exit(0));
}
