import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDataDir, TEST_DATABASE_URL } from '../test-support/database';
import { openDatabase } from './client';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-lock-'));
  dirs.push(dir);
  return dir;
}

function writeLock(dir: string, owner: object, ageMs = 0): void {
  const file = path.join(dir, LOCK_FILE);
  writeFileSync(file, JSON.stringify(owner));
  const then = new Date(Date.now() - ageMs);
  utimesSync(file, then, then);
}

function procStart(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

const hasProc = existsSync('/proc/self/stat');

describe('DATA_DIR lock', () => {
  it('refuses a second holder in the same process, naming DATA_DIR and the pid; released, it can be taken again', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`DATA_DIR ${dir} is in use by another HumanProof process (pid ${process.pid})`);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('refuses while another live process holds it', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await new Promise((r) => other.once('spawn', r));
      const pid = other.pid!;
      writeLock(dir, { pid, host: os.hostname(), procStart: hasProc ? procStart(pid) : null });
      expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${pid})`);
      expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(pid);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock whose process is gone (a crash)', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeLock(dir, { pid: dead, host: os.hostname(), procStart: null });
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock holding this very pid (a restarted container is pid 1 again)', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.pid, host: os.hostname(), procStart: 'an-earlier-life' });
    acquireDataDirLock(dir)();
  });

  it.runIf(hasProc)('takes over a lock whose pid now belongs to a different process (pid reuse)', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.ppid, host: os.hostname(), procStart: '1' });
    acquireDataDirLock(dir)();
  });

  it('trusts another host’s lock while its heartbeat is fresh, and takes it over once stale', () => {
    const dir = tempDir();
    writeLock(dir, { pid: 4242, host: 'some-other-host', procStart: null });
    expect(() => acquireDataDirLock(dir)).toThrow('(pid 4242 on host some-other-host)');
    writeLock(dir, { pid: 4242, host: 'some-other-host', procStart: null }, 5 * 60_000);
    acquireDataDirLock(dir)();
  });

  it('creates the lock owner-only and never leaves temp files behind', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(statSync(path.join(dir, LOCK_FILE)).mode & 0o777).toBe(0o600);
    release();
    writeLock(dir, { pid: 4242, host: 'some-other-host', procStart: null });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toContain('some-other-host');
    expect(spawnSync('ls', ['-A', dir]).stdout.toString().trim()).toBe(LOCK_FILE);
  });
});

describe.skipIf(Boolean(TEST_DATABASE_URL))('openDatabase on the embedded database', () => {
  it('refuses a second open of the same DATA_DIR until the first is closed', async () => {
    const data = await createTestDataDir();
    try {
      const first = await openDatabase({ dataDir: data.dataDir, migrate: false });
      await expect(openDatabase({ dataDir: data.dataDir, migrate: false })).rejects.toThrow(
        `DATA_DIR ${data.dataDir} is in use by another HumanProof process (pid ${process.pid})`,
      );
      await first.close();
      const again = await openDatabase({ dataDir: data.dataDir, migrate: false });
      await again.close();
    } finally {
      await data.drop();
    }
  });
});
