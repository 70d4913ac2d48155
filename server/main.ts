import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { DataDirError, prepareDataDir } from './data-dir';
import { DataDirLockedError } from './db/data-dir-lock';
import { DatabaseStartupError } from './db/errors';
import { ConfigError, loadConfig, type Config } from './env';

/** Longer than any request but the slowest upload should take; a process manager's own grace period is longer. */
const SHUTDOWN_GRACE_MS = 25_000;

/** Problems an operator fixes in the environment: one line on stderr and exit code 1, no stack trace. */
function isOperatorError(err: unknown): err is Error {
  return (
    err instanceof ConfigError ||
    err instanceof DataDirError ||
    err instanceof DataDirLockedError ||
    err instanceof DatabaseStartupError
  );
}

function listenError(err: unknown, config: Config): string | null {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `PORT ${config.PORT} on ${config.HOST} is already in use (EADDRINUSE)`;
  if (code === 'EACCES') return `PORT ${config.PORT} needs privileges this process does not have (EACCES)`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `HOST ${config.HOST} is not an address of this machine (${code})`;
  return null;
}

function fail(line: string): never {
  console.error(`Cannot start HumanProof: ${line}`);
  process.exit(1);
}

/** Logging must never stop a shutdown: with its log pipe gone (a dead collector) a write can throw. */
function tryLog(write: () => void): void {
  try {
    write();
  } catch {
    // nothing to do: the process still has to stop
  }
}

/** SIGTERM/SIGINT: stop accepting, finish requests in flight, stop the mail worker, close the database, exit 0. */
function handleSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => {
      tryLog(() => app.log.error('shutdown took too long; exiting'));
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    tryLog(() => app.log.info({ signal }, 'shutting down: finishing requests in flight'));
    app.close().then(
      () => {
        tryLog(() => app.log.info('shut down cleanly'));
        process.exit(0);
      },
      (err: unknown) => {
        tryLog(() => app.log.error({ err }, 'error during shutdown'));
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

async function main(): Promise<void> {
  // Everything written under DATA_DIR (database, documents, e-mails, secrets) is for this user only.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
    prepareDataDir(config.DATA_DIR);
  } catch (err) {
    if (isOperatorError(err)) fail(err.message);
    throw err;
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({ config });
  } catch (err) {
    if (isOperatorError(err)) fail(err.message);
    const fsPath = (err as NodeJS.ErrnoException | null)?.path;
    if (err instanceof Error && fsPath?.startsWith(config.DATA_DIR)) {
      fail(`DATA_DIR ${config.DATA_DIR} cannot be used: ${err.message}`);
    }
    throw err;
  }
  handleSignals(app);
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    const line = listenError(err, config);
    if (!line) throw err;
    await app.close().catch(() => undefined);
    fail(line);
  }
  app.log.info(`HumanProof is ready on ${config.PUBLIC_URL}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
