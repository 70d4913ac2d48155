import { MAX_CONTENT_CHARACTERS } from '../../../shared/submission.schema';

/**
 * Resource limits of text extraction (docs/decisions/013-resource-limits.md). Every file is read in a child
 * process that these bound, so a hostile upload costs at most one slot for EXTRACTION_TIMEOUT_MS.
 */
export const EXTRACTION_LIMITS = {
  /** Extractions running at once per server process (one child process each). */
  concurrency: 2,
  /** Requests admitted beyond the running ones (their bodies, up to 10 MB each, are held meanwhile). */
  queueLength: 4,
  /** Longest wait for a free slot before 503 with Retry-After. */
  queueWaitMs: 10_000,
  /** Wall-clock limit of one extraction, child start-up included. */
  timeoutMs: 15_000,
  /** V8 heap of the child (--max-old-space-size). */
  heapMb: 192,
  /** Resident memory of the child, heap and buffers together; checked every rssPollMs, killed beyond. */
  rssMb: 320,
  rssPollMs: 20,
  /** All entries of a .docx together, as really inflated (headers are not trusted). */
  maxUnzippedBytes: 32 * 1024 * 1024,
  maxZipEntries: 1_000,
  maxPdfPages: 500,
  /** Text the result may hold: what one order takes. */
  maxCharacters: MAX_CONTENT_CHARACTERS,
} as const;

export const RETRY_AFTER_SECONDS = 10;
