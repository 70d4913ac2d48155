import { Transform, type TransformCallback } from 'node:stream';
import type { ReviewDocumentExtension } from '../../shared/review.schema';

const MAGIC: Partial<Record<ReviewDocumentExtension, readonly Buffer[]>> = {
  pdf: [Buffer.from('%PDF-')],
  docx: [Buffer.from([0x50, 0x4b, 0x03, 0x04])],
  odt: [Buffer.from([0x50, 0x4b, 0x03, 0x04])],
  doc: [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  rtf: [Buffer.from('{\\rtf')],
};
const HEAD_BYTES = 16;

export type ContentProblem = 'empty' | 'mismatch' | 'too-large';

export class ContentCheckError extends Error {
  constructor(readonly problem: ContentProblem) {
    super(problem);
    this.name = 'ContentCheckError';
  }
}

/** Whether the extension's format is recognised by its first bytes (the rest are text, checked in full). */
export function isTextType(ext: ReviewDocumentExtension): boolean {
  return MAGIC[ext] === undefined;
}

/**
 * Checks a document while it streams past: the signature bytes of binary formats, or valid UTF-8 without NULs for
 * text, and the size limit. Nothing is buffered beyond the first few bytes.
 */
export class DocumentChecker {
  private head = Buffer.alloc(0);
  private headChecked = false;
  private readonly decoder: TextDecoder | null;
  bytes = 0;

  constructor(
    private readonly ext: ReviewDocumentExtension,
    private readonly maxBytes: number,
  ) {
    this.decoder = isTextType(ext) ? new TextDecoder('utf-8', { fatal: true }) : null;
  }

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) throw new ContentCheckError('too-large');
    if (this.decoder) {
      if (chunk.includes(0)) throw new ContentCheckError('mismatch');
      try {
        this.decoder.decode(chunk, { stream: true });
      } catch {
        throw new ContentCheckError('mismatch');
      }
      return;
    }
    if (!this.headChecked) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES)]);
      if (this.head.length >= HEAD_BYTES) this.checkHead();
    }
  }

  private checkHead(): void {
    this.headChecked = true;
    const magic = MAGIC[this.ext] ?? [];
    if (!magic.some((m) => this.head.length >= m.length && this.head.subarray(0, m.length).equals(m))) {
      throw new ContentCheckError('mismatch');
    }
  }

  finish(): void {
    if (this.bytes === 0) throw new ContentCheckError('empty');
    if (this.decoder) {
      try {
        this.decoder.decode();
      } catch {
        throw new ContentCheckError('mismatch');
      }
      return;
    }
    if (!this.headChecked) this.checkHead();
  }

  /** A pass-through stream that runs the checks and fails the pipeline on the first problem. */
  transform(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _enc, callback: TransformCallback) => {
        try {
          this.push(chunk);
          callback(null, chunk);
        } catch (err) {
          callback(err as Error);
        }
      },
      flush: (callback: TransformCallback) => {
        try {
          this.finish();
          callback();
        } catch (err) {
          callback(err as Error);
        }
      },
    });
  }
}
