import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

/** Tests that start the real server as a process: a server-only build (no client) and spawn helpers. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ServerBundle {
  /** The dist folder (HP_DIST_DIR for scripts/start.mjs), inside the repository so node_modules resolves. */
  dist: string;
  main: string;
  remove: () => void;
}

/** Bundles server/main.ts as scripts/build.mjs does (without the client), stamped so start.mjs will not rebuild. */
export async function bundleServer(): Promise<ServerBundle> {
  const dist = path.join(ROOT, '.tmp', `server-bundle-${process.pid}-${randomBytes(3).toString('hex')}`);
  mkdirSync(dist, { recursive: true });
  await build({
    // The language checker's worker starts with the server (decision 052): it needs its file beside main.js.
    entryPoints: { main: path.join(ROOT, 'server/main.ts'), 'language-checker': path.join(ROOT, 'server/features/language-checks/harper-worker.ts') },
    outdir: path.join(dist, 'server'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
  });
  cpSync(path.join(ROOT, 'server/db/migrations'), path.join(dist, 'server/migrations'), { recursive: true });
  writeFileSync(path.join(dist, 'BUILD_STAMP'), new Date().toISOString());
  return { dist, main: path.join(dist, 'server/main.js'), remove: () => rmSync(dist, { recursive: true, force: true }) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Resolves when stdout contains `text`; rejects if the process ends first or `timeoutMs` passes. */
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
}

/** The environment every spawned server gets: production mode, loopback, a fixed port; `env` adds or overrides. */
export function serverEnv(port: number, env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
  };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete base[key];
    else base[key] = value;
  }
  return base;
}

export function runProcess(command: string, args: string[], env: NodeJS.ProcessEnv): RunningProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters.filter((w) => out.includes(w.text))) w.resolve();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  const waitFor = (text: string, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      if (out.includes(text)) return resolve();
      const timer = setTimeout(() => reject(new Error(`timed out waiting for "${text}"\n${out}\n${err}`)), timeoutMs);
      waiters.push({
        text,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`process ended (${code}) before "${text}"\n${out}\n${err}`));
      });
    });
  return { child, stdout: () => out, stderr: () => err, exited, waitFor };
}

/** Starts the bundled server; `env` adds to serverEnv. */
export function startServer(bundle: ServerBundle, port: number, env: Record<string, string | undefined>): RunningProcess {
  return runProcess(process.execPath, [bundle.main], serverEnv(port, env));
}
