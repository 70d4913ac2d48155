import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDataDir, TEST_DATABASE_URL } from './test-support/database';
import {
  bundleServer,
  freePort,
  runProcess,
  serverEnv,
  startServer,
  type RunningProcess,
  type ServerBundle,
} from './test-support/server-process';

// The real server as a process: how it starts, refuses to start, and stops.
let bundle: ServerBundle;
const cleanups: (() => void | Promise<void>)[] = [];

beforeAll(async () => {
  bundle = await bundleServer();
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  bundle.remove();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hp-main-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const isRoot = process.getuid?.() === 0;

/** A tmpfs (root only): the way to get a truly read-only or full folder when root ignores permissions. */
function mountTmpfs(options: string): string | null {
  const dir = tempDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  cleanups.push(() => {
    execFileSync('umount', [dir], { stdio: 'ignore' });
  });
  return dir;
}

/** Fails to start with one line on stderr; `withinMs` is generous: loading the server alone takes seconds on a busy machine. */
async function expectStartupFailure(env: Record<string, string>, pattern: RegExp, withinMs = 30_000) {
  const started = Date.now();
  const server = startServer(bundle, await freePort(), env);
  const code = await server.exited;
  expect(Date.now() - started).toBeLessThan(withinMs);
  expect(code).toBe(1);
  const lines = server.stderr().trim().split('\n');
  expect(lines, server.stderr()).toHaveLength(1);
  expect(lines[0]).toMatch(/^Cannot start HumanProof: /);
  expect(lines[0]).toMatch(pattern);
  expect(lines[0]).not.toMatch(/\n\s+at /);
  return lines[0]!;
}

describe('start-up errors: one line naming the variable and the cause', { timeout: 60_000 }, () => {
  it('a DATA_DIR under a regular file', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    writeFileSync(file, 'x');
    const line = await expectStartupFailure(
      { DATA_DIR: path.join(file, 'data') },
      /DATA_DIR .*not-a-folder\/data cannot be created: .*not-a-folder is a file, not a folder \(ENOTDIR\)/,
    );
    expect(line).not.toContain('ENOENT');
  });

  it('a DATA_DIR that is itself a file', async () => {
    const file = path.join(tempDir(), 'plain-file');
    writeFileSync(file, 'x');
    await expectStartupFailure({ DATA_DIR: file }, /DATA_DIR .*plain-file is a file, not a folder/);
  });

  it('a read-only DATA_DIR', async () => {
    let dir: string | null;
    if (isRoot) {
      dir = mountTmpfs('ro,size=1m');
    } else {
      dir = tempDir();
      execFileSync('chmod', ['0555', dir]);
    }
    if (!dir) return expect.soft(dir, 'could not mount a read-only tmpfs (needs CAP_SYS_ADMIN)').toBeNull();
    await expectStartupFailure({ DATA_DIR: path.join(dir, 'data') }, /DATA_DIR .* (read-only file system \(EROFS\)|not writable)/);
    await expectStartupFailure({ DATA_DIR: dir }, /DATA_DIR .* (read-only file system \(EROFS\)|not writable)/);
  });

  it.runIf(isRoot)('a full DATA_DIR', async () => {
    const dir = mountTmpfs('size=256k');
    if (!dir) return;
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${path.join(dir, 'filler')}`, 'bs=4k', 'count=100'], { stdio: 'ignore' });
    } catch {
      // dd stops when the file system is full: that is the point
    }
    await expectStartupFailure({ DATA_DIR: dir }, /DATA_DIR .* is full/);
  });

  it('an unreachable DATABASE_URL (connection refused), without printing its password', async () => {
    const port = await freePort();
    const line = await expectStartupFailure(
      { DATA_DIR: tempDir(), DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/humanproof` },
      /DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:\d+\/humanproof: connection refused/,
    );
    expect(line).not.toContain('s3cret-pw');
  });

  it('a DATABASE_URL whose server accepts but never answers stops within a few seconds', async () => {
    const sockets: net.Socket[] = [];
    let connectedAt = 0;
    const silent = net.createServer((socket) => {
      connectedAt ||= Date.now();
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          silent.close(() => resolve());
        }),
    );
    const { port } = silent.address() as net.AddressInfo;
    await expectStartupFailure(
      { DATA_DIR: tempDir(), DATABASE_URL: `postgres://app@127.0.0.1:${port}/humanproof` },
      /DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:\d+\/humanproof: no answer within 5 s/,
    );
    // From the moment the server reached PostgreSQL's port to the end of the process: the 5 s timeout, not a hang.
    expect(connectedAt).toBeGreaterThan(0);
    expect(Date.now() - connectedAt).toBeLessThan(8_000);
  });
});

/** A POST whose body arrives in two halves, `gapMs` apart: a request in flight for that long. */
function slowContactRequest(port: number, gapMs: number, onFirstHalf: () => void) {
  const body = JSON.stringify({
    firstName: 'Slow',
    lastName: 'Sender',
    email: 'slow@example.com',
    subject: 'In flight during shutdown',
    message: 'This message was still arriving when the server was asked to stop.',
  });
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/contact',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          origin: `http://127.0.0.1:${port}`,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    setTimeout(onFirstHalf, 200);
    setTimeout(() => request.end(body.slice(half)), 200 + gapMs);
  });
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function serverData(): Promise<Record<string, string | undefined>> {
  const data = await createTestDataDir();
  cleanups.push(data.drop);
  return { DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl, MAIL_WORKER: 'on' };
}

describe('signals: SIGTERM and SIGINT shut the server down gracefully', () => {
  it('`npm start`, SIGTERM during a request: the request finishes, the job runner stops, the database closes, exit 0', async () => {
    const port = await freePort();
    const env = serverEnv(port, { ...(await serverData()), HP_DIST_DIR: bundle.dist });
    const npm = runProcess('npm', ['start', '--silent'], env);
    cleanups.push(() => void npm.child.kill('SIGKILL'));
    await npm.waitFor('HumanProof is ready', 30_000);
    await npm.waitFor('job runner started');
    const answer = await slowContactRequest(port, 1_000, () => npm.child.kill('SIGTERM'));
    expect(answer.status, answer.body).toBe(201);
    expect(await npm.exited).toBe(0);
    const log = npm.stdout();
    const order = ['shutting down', 'job runner stopped', 'database closed', 'shut down cleanly'].map((t) => log.indexOf(t));
    expect(order.every((i) => i >= 0), log).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(await portAnswers(port)).toBe(false);
  }, 60_000);

  it('SIGINT to `node scripts/start.mjs` stops it with exit 0', async () => {
    const port = await freePort();
    const env = serverEnv(port, { ...(await serverData()), HP_DIST_DIR: bundle.dist });
    const server = runProcess(process.execPath, ['scripts/start.mjs'], env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    await server.waitFor('HumanProof is ready', 30_000);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('database closed');
    expect(await portAnswers(port)).toBe(false);
  }, 60_000);
});

function modesUnder(dir: string, out: { path: string; mode: number; dir: boolean }[] = []) {
  const stat = lstatSync(dir);
  out.push({ path: dir, mode: stat.mode & 0o777, dir: stat.isDirectory() });
  if (stat.isDirectory()) for (const name of readdirSync(dir)) modesUnder(path.join(dir, name), out);
  return out;
}

describe.skipIf(Boolean(TEST_DATABASE_URL))('embedded database: one process per DATA_DIR', () => {
  let first: RunningProcess;
  let dataDir: string;

  it('a second instance on the same DATA_DIR refuses, naming DATA_DIR and the running process', async () => {
    const env = await serverData();
    dataDir = env.DATA_DIR!;
    first = startServer(bundle, await freePort(), env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    await first.waitFor('HumanProof is ready', 30_000);
    const second = startServer(bundle, await freePort(), env);
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim()).toBe(
      `Cannot start HumanProof: DATA_DIR ${dataDir} is in use by another HumanProof process (pid ${first.child.pid}); ` +
        'stop it first, or give this instance its own DATA_DIR (several instances need DATABASE_URL)',
    );
  }, 60_000);

  it('a lock left by a crash (SIGKILL) does not block the next start', async () => {
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(path.join(dataDir, 'instance.lock'))).toBe(true);
    const next = startServer(bundle, await freePort(), { DATA_DIR: dataDir });
    cleanups.push(() => void next.child.kill('SIGKILL'));
    await next.waitFor('HumanProof is ready', 30_000);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'instance.lock'))).toBe(false);
  }, 60_000);

  it('leaves DATA_DIR readable by its owner only: 0700 folders, 0600 files', () => {
    const entries = modesUnder(dataDir);
    expect(entries.some((e) => e.path.endsWith('session-secret'))).toBe(true);
    expect(entries.filter((e) => e.path.includes(`${path.sep}pglite${path.sep}`)).length).toBeGreaterThan(100);
    const wrong = entries.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600));
    expect(wrong.map((e) => `${e.mode.toString(8)} ${e.path}`)).toEqual([]);
  });
});

describe('a fresh DATA_DIR is created owner-only', { timeout: 60_000 }, () => {
  it('creates DATA_DIR 0700 (checked before the database is even reached)', async () => {
    const dataDir = path.join(tempDir(), 'fresh', 'data');
    mkdirSync(path.dirname(dataDir));
    const port = await freePort();
    // PostgreSQL so the test need not wait for a new embedded database; without it the DATA_DIR checks still run.
    const server = startServer(bundle, port, { DATA_DIR: dataDir, DATABASE_URL: `postgres://x@127.0.0.1:${await freePort()}/x` });
    await server.exited;
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
