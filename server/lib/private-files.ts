import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What DATA_DIR holds (database, documents, e-mails, the session secret) is for the server's own user only. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) owner-only; an existing folder of ours is tightened to 0700. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((lstatSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes every folder 0700 and every file 0600 under `dir` (PGlite unpacks its initial database with
 * world-readable modes; files PostgreSQL creates later are 0600 already). Symbolic links are left alone.
 */
export function tightenTree(dir: string): void {
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink()) return;
  const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  if ((stat.mode & 0o777) !== wanted) chmodSync(dir, wanted);
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(dir)) tightenTree(path.join(dir, name));
}
