import type { Readable } from 'node:stream';

/** Where review documents live. Keys are made by the server (`reviews/{submissionId}/{documentId}.{ext}`). */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** A short-lived address for one PUT of one file. */
  createUploadUrl(key: string, options: { expiresInSeconds: number; contentLength?: number | undefined }): Promise<string>;
  /** Size of a stored object, or null when it is not there. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The object's bytes (`end` inclusive, for reading only the first bytes). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^reviews\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9-]{8,64}\.[a-z]{2,5}$/;

/** The only shape of key the server ever makes; anything else (`..`, absolute, encoded) is refused. */
export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function makeStorageKey(submissionId: string, documentId: string, ext: string): string {
  return `reviews/${submissionId}/${documentId}.${ext}`;
}
