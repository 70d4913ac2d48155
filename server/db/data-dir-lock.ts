import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded (PGlite) database. Two processes on the same files each keep their own
 * view and overwrite each other's pages, so the second must refuse to start.
 *
 * DATA_DIR/instance.lock holds the owner's pid, host and process start time. It is created atomically (a
 * hard link of a complete temp file, which fails when the lock exists), removed on close, and refreshed every
 * HEARTBEAT_MS. A lock left by a crash is taken over: on the same host when its pid is gone (or now belongs to
 * a different process: the start time differs, or it is this very process after a container restart); from
 * another host when its heartbeat is older than STALE_AFTER_MS.
 */
export const LOCK_FILE = 'instance.lock';
const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 60_000;

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    const where = owner.host === os.hostname() ? '' : ` on host ${owner.host}`;
    super(
      `DATA_DIR ${dataDir} is in use by another HumanProof process (pid ${owner.pid}${where}); ` +
        'stop it first, or give this instance its own DATA_DIR (several instances need DATABASE_URL)',
    );
  }
}

interface LockOwner {
  pid: number;
  host: string;
  /** /proc/<pid>/stat start time (clock ticks since boot), when the platform has it. */
  procStart: string | null;
}

/** Locks this process holds, so a second open in the same process refuses too. */
const heldHere = new Set<string>();

function procStart(pid: number): string | null {
  try {
    // Field 22 (starttime), counted after the parenthesised command name, which may itself contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { owner: LockOwner | null; raw: string; ageMs: number } | null {
  let raw: string;
  let ageMs: number;
  try {
    raw = readFileSync(file, 'utf8');
    ageMs = Date.now() - statSync(file).mtimeMs;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return { owner: null, raw, ageMs };
    return { owner: { pid: parsed.pid, host: parsed.host, procStart: parsed.procStart ?? null }, raw, ageMs };
  } catch {
    return { owner: null, raw, ageMs };
  }
}

function isLive(owner: LockOwner | null, ageMs: number, file: string): boolean {
  if (!owner) return ageMs < STALE_AFTER_MS; // unreadable: trust only a fresh heartbeat
  if (owner.host !== os.hostname()) return ageMs < STALE_AFTER_MS;
  if (owner.pid === process.pid) return heldHere.has(file);
  if (!pidAlive(owner.pid)) return false;
  const now = procStart(owner.pid);
  return owner.procStart === null || now === null || now === owner.procStart;
}

/** Takes DATA_DIR's lock or throws DataDirLockedError; the returned function releases it. */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), procStart: procStart(process.pid) };
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${JSON.stringify(me)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        linkSync(temp, file);
        heldHere.add(file);
        return startHeartbeat(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const current = readOwner(file);
      if (!current) continue; // released meanwhile
      if (isLive(current.owner, current.ageMs, file)) {
        throw new DataDirLockedError(dataDir, current.owner ?? { pid: 0, host: 'unknown', procStart: null });
      }
      // Stale: move it aside, and only drop it if it is still the stale lock (another starter may have won).
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
      } catch {
        continue;
      }
      if (readFileSync(aside, 'utf8') !== current.raw) {
        try {
          linkSync(aside, file);
        } catch {
          // the winner's lock is already back or another one took its place; either way we retry and refuse
        }
      }
      unlinkSync(aside);
    }
    const last = readOwner(file);
    throw new DataDirLockedError(dataDir, last?.owner ?? { pid: 0, host: 'unknown', procStart: null });
  } finally {
    unlinkSync(temp);
  }
}

function startHeartbeat(file: string): () => void {
  const timer = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // DATA_DIR trouble shows up in /healthz; the lock stays valid on this host through its pid
    }
  }, HEARTBEAT_MS);
  timer.unref();
  const release = () => {
    clearInterval(timer);
    process.off('exit', release);
    if (!heldHere.delete(file)) return;
    try {
      const current = readOwner(file);
      if (current?.owner?.pid === process.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return release;
}
