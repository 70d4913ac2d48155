/**
 * Test-only: runs several copies of the built server (`node dist/server/main.js`, as `npm start` does) as child
 * processes on one PostgreSQL database, and a throwaway database for them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The default local server tried when TEST_DATABASE_URL is unset (trust auth, as in development). */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type PostgresChoice = { url: string; source: string } | { url: null; reason: string };

/**
 * TEST_DATABASE_URL when set (CI); otherwise the local PostgreSQL server when one answers within 2 s.
 * PGlite cannot serve two processes, so without either there is nothing to run on.
 */
export async function findPostgres(): Promise<PostgresChoice> {
  const configured = process.env.TEST_DATABASE_URL?.trim();
  if (configured) return { url: configured, source: 'TEST_DATABASE_URL' };
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { url: LOCAL_POSTGRES_URL, source: `the local server at ${LOCAL_POSTGRES_URL}` };
  } catch (err) {
    return {
      url: null,
      reason:
        'Several instances need a shared PostgreSQL database (the embedded PGlite database serves one process only). ' +
        `TEST_DATABASE_URL is unset and ${LOCAL_POSTGRES_URL} did not answer (${(err as Error).message}). ` +
        'Set TEST_DATABASE_URL=postgres://... to run this test.',
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database beside the one in baseUrl; answers its URL. */
export async function createDatabase(baseUrl: string, name: string): Promise<string> {
  await onServer(baseUrl, (c) => c.query(`create database "${name}"`));
  return withDatabase(baseUrl, name);
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await onServer(baseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
}

export interface AppInstance {
  name: string;
  port: number;
  /** Direct address, bypassing any proxy. */
  directUrl: string;
  logFile: string;
  /** Everything the process printed so far (pino JSON lines). */
  log(): string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts `node <dist>/server/main.js` with env on top of this process's environment and resolves once
 * /healthz answers 200 (or rejects with the end of its log when it exits or does not come up in time).
 */
export async function startInstance(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  logDir: string;
  timeoutMs?: number;
}): Promise<AppInstance> {
  const { name, port } = options;
  const dataDir = path.join(options.logDir, `${name}-data`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(options.logDir, `${name}.log`);
  const out = createWriteStream(logFile);
  const main = path.join(path.resolve(root, process.env.HP_DIST_DIR ?? 'dist'), 'server', 'main.js');
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  const done = exited(child).then(() => new Promise<void>((r) => out.end(r)));
  const log = () => readFileSync(logFile, 'utf8');
  const directUrl = `http://127.0.0.1:${port}`;

  const instance: AppInstance = {
    name,
    port,
    directUrl,
    logFile,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited(child);
        clearTimeout(timer);
      }
      await done;
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await done;
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log().slice(-3000)}`);
    }
    try {
      const res = await fetch(`${directUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return instance;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await instance.stop();
      throw new Error(`${name} did not answer /healthz on port ${port} in time:\n${log().slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
