import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files';
import type { ObjectStorage } from './object-storage';
import { signUpload } from './signing';

export class PathEscapeError extends Error {
  constructor() {
    super('Invalid storage key');
    this.name = 'PathEscapeError';
  }
}

/** Files under DATA_DIR/uploads (owner-only: 0700 folders, 0600 files); uploads arrive through the app's signed PUT route. */
export class LocalDiskStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  readonly root: string;

  constructor(
    dataDir: string,
    private readonly publicUrl: string,
    private readonly signingKey: Buffer,
  ) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  /** The absolute path of a key, refusing anything that would land outside the storage folder. */
  resolve(key: string): string {
    if (key.includes('\0')) throw new PathEscapeError();
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new PathEscapeError();
    return full;
  }

  async createUploadUrl(key: string, options: { expiresInSeconds: number }): Promise<string> {
    this.resolve(key);
    const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
    const signature = signUpload(this.signingKey, key, expires);
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    return `${this.publicUrl}/api/objects/put/${encodedKey}?expires=${expires}&signature=${signature}`;
  }

  /**
   * Streams `source` through `check` into a temporary file, then moves it into place (all or nothing). A failed
   * check stops the writing but leaves the request stream alive (drained), so the client still gets an answer.
   */
  async write(key: string, source: Readable, check: Transform): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    const temp = `${target}.part-${randomBytes(6).toString('hex')}`;
    const onSourceError = (err: Error) => check.destroy(err);
    const onSourceClose = () => {
      if (!source.readableEnded) check.destroy(new Error('Upload aborted'));
    };
    source.on('error', onSourceError);
    source.on('close', onSourceClose);
    source.pipe(check);
    try {
      await pipeline(check, createWriteStream(temp, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
      await rename(temp, target);
    } catch (err) {
      source.unpipe(check);
      source.resume();
      await rm(temp, { force: true });
      throw err;
    } finally {
      source.off('error', onSourceError);
      source.off('close', onSourceClose);
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.resolve(key));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.resolve(key);
    await stat(file);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }
}
