import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, statSync, statfsSync, unlinkSync, writeFileSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE } from './lib/private-files';

/** A DATA_DIR the server cannot use, described in one line naming the variable and the cause. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

/** Below this much free space DATA_DIR counts as full: the embedded database cannot even checkpoint. */
const MIN_FREE_BYTES = 1024 * 1024;

function nearestExisting(dir: string): string {
  let current = dir;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** Turns a file-system error on DATA_DIR into one line. */
export function describeDataDirError(dataDir: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  const prefix = `DATA_DIR ${dataDir}`;
  switch (code) {
    case 'ENOTDIR':
    case 'EEXIST': {
      const blocker = nearestExisting(dataDir);
      return blocker === dataDir
        ? `${prefix} is a file, not a folder (${code})`
        : `${prefix} cannot be created: ${blocker} is a file, not a folder (${code})`;
    }
    case 'EACCES':
    case 'EPERM':
      return `${prefix} is not writable by this process (user ${process.getuid?.() ?? '?'}): permission denied (${code})`;
    case 'EROFS':
      return `${prefix} is on a read-only file system (${code})`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `${prefix} is full: no space left on the device (${code})`;
    default:
      return `${prefix} cannot be used: ${(err as Error).message}`;
  }
}

function assertFreeSpace(dataDir: string): void {
  try {
    const fs = statfsSync(dataDir);
    if (fs.bavail * fs.bsize < MIN_FREE_BYTES) {
      throw new DataDirError(`DATA_DIR ${dataDir} is full: less than 1 MB free on the device (ENOSPC)`);
    }
  } catch (err) {
    if (err instanceof DataDirError) throw err;
    // statfs is not available everywhere; the write probe below still catches a full disk
  }
}

/** mkdir -p, except that the error is the real one (a recursive mkdir reports ENOENT on a read-only parent). */
function makeDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const parent = nearestExisting(dir);
    const next = path.join(parent, path.relative(parent, dir).split(path.sep)[0]!);
    mkdirSync(next, { mode: PRIVATE_DIR_MODE });
    throw err;
  }
}

/**
 * At start-up: creates DATA_DIR owner-only (an existing folder of this user's, unless shared like /tmp, is
 * tightened to 0700), then proves it can be written by creating and removing a small file.
 */
export function prepareDataDir(dataDir: string): void {
  try {
    makeDir(dataDir);
    const stat = statSync(dataDir);
    if (!stat.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    const sticky = (stat.mode & 0o1000) !== 0;
    if (!sticky && stat.uid === process.getuid?.() && (stat.mode & 0o077) !== 0) chmodSync(dataDir, PRIVATE_DIR_MODE);
    assertFreeSpace(dataDir);
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    writeFileSync(probe, randomBytes(4096), { mode: 0o600 });
    unlinkSync(probe);
  } catch (err) {
    if (err instanceof DataDirError) throw err;
    throw new DataDirError(describeDataDirError(dataDir, err), { cause: err });
  }
}

/** For /healthz: can DATA_DIR still be written? (A full, read-only, removed or replaced folder cannot.) */
export async function dataDirWritable(dataDir: string): Promise<boolean> {
  const probe = path.join(dataDir, `.health-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await writeFile(probe, 'ok', { mode: 0o600, flag: 'wx' });
    await unlink(probe);
    return true;
  } catch {
    return false;
  }
}
