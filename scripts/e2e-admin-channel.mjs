// How the e2e harness makes an account an administrator while the app runs, for the specs' `signUpAdmin` fixture
// (e2e/fixtures.ts): every test signs up administrators of its own, with addresses nobody else uses, instead of
// sharing addresses listed in ADMIN_EMAILS.
//
// It calls the app's own grantAdmin (server/features/auth/admin-role.ts, what `npm run admin -- grant` runs) on the
// app's database. On PostgreSQL that is a connection of its own. The embedded database (PGlite) serves one process
// only: the CLI refuses a DATA_DIR a running server holds (instance.lock), and a second PGlite on the same files
// would corrupt them. So on PGlite the grant runs through the app's own PGlite instance, which this harness process
// (it runs the app in-process) catches at its first query; PGlite runs one query at a time and never inside another
// caller's transaction.
//
// Part of the test harness, not of the app: it listens on a Unix socket under .tmp/, nothing on the network.
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';

/** Where the channel listens; e2e/support/admins.ts computes the same path from the port. */
export function adminChannelPath(root, port) {
  return path.join(root, '.tmp', `e2e-${port}.admin.sock`);
}

/** The app's grantAdmin and the drizzle driver for `kind`, loaded from the TypeScript sources. */
async function loadGrant(kind) {
  const tsx = register({ namespace: 'e2e-admin-channel' });
  try {
    const { grantAdmin } = await tsx.import('../server/features/auth/admin-role.ts', import.meta.url);
    const { drizzle } = await tsx.import(kind === 'pglite' ? 'drizzle-orm/pglite' : 'drizzle-orm/node-postgres', import.meta.url);
    return { grantAdmin, drizzle };
  } finally {
    await tsx.unregister();
  }
}

/**
 * Answers a function that returns the PGlite instance the app opened on `dir` once it has run a query (null before).
 * The app's bundle imports the same @electric-sql/pglite module as this process, so wrapping the prototype's query
 * sees the instance; the wrapper removes itself once it has.
 */
async function watchPglite(dir) {
  const { PGlite } = await import('@electric-sql/pglite');
  let owner = PGlite.prototype;
  while (owner && !Object.hasOwn(owner, 'query')) owner = Object.getPrototypeOf(owner);
  if (!owner) throw new Error('e2e admin channel: PGlite has no query method to watch');
  const original = owner.query;
  let found = null;
  const catchIt = (instance) => {
    if (typeof instance.dataDir !== 'string' || path.resolve(instance.dataDir) !== dir) return;
    found = instance;
    owner.query = original;
  };
  owner.query = function query(...args) {
    catchIt(this);
    return original.apply(this, args);
  };
  return () => found;
}

/**
 * Starts the channel; call it before the app starts. `databaseUrl` is the app's PostgreSQL database, or undefined
 * for the embedded one in `dataDir`.
 *
 *   PUT    /admins/<email>   makes the account an administrator: 204, or 404 when no account has the address
 *   DELETE /admins/<email>   takes the role away again
 */
export async function startAdminChannel({ socketPath, databaseUrl, dataDir }) {
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const { grantAdmin, drizzle } = await loadGrant(kind);
  let database;
  if (kind === 'postgres') {
    database = () => drizzle({ client: new pg.Pool({ connectionString: databaseUrl, max: 1 }) });
  } else {
    const appPglite = await watchPglite(path.resolve(dataDir, 'pglite'));
    database = () => {
      const client = appPglite();
      return client ? drizzle({ client }) : null;
    };
  }
  let db = null;

  const server = createServer((req, res) => {
    const answer = (status, message) => {
      res.writeHead(status, message ? { 'content-type': 'application/json' } : {});
      res.end(message ? JSON.stringify({ message }) : undefined);
    };
    const match = /^\/admins\/([^/]+)$/.exec(req.url ?? '');
    if (!match || (req.method !== 'PUT' && req.method !== 'DELETE')) return answer(404, 'PUT or DELETE /admins/<email>');
    const email = decodeURIComponent(match[1]);
    db ??= database();
    // The fixture signs the account up first, so the app has queried its database by now.
    if (!db) return answer(503, 'the app has not opened its database yet');
    grantAdmin(db, email, req.method === 'PUT').then(
      (found) => answer(found ? 204 : 404, found ? undefined : `no account with the e-mail ${email}`),
      (err) => answer(500, String(err?.message ?? err)),
    );
  });
  rmSync(socketPath, { force: true });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  server.unref();
  return server;
}
