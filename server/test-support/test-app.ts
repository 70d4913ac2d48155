import type { FastifyInstance, HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../env';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** `request(t.app, ...)` bound to this app. */
  request: (method: HTTPMethods, url: string, as?: Caller, payload?: unknown, options?: RequestOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/** Who makes a request: a signed-in user, a raw Cookie header, or nobody (anonymous). */
export type Caller = { cookie: string } | string | null | undefined;

export interface RequestOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/**
 * The one way API tests call the app: `inject` with the caller's session cookie and a JSON payload. Every API
 * test uses this (or a helper built on it), so a change to how requests are made is made here once.
 */
export function request(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  as?: Caller,
  payload?: unknown,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const cookie = typeof as === 'string' ? as : as?.cookie;
  return app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** Builds the real app on a fresh database of its own; `env` overrides configuration. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { clientDir?: string | null; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'http://localhost:5000',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-123',
    AUTH_RATE_LIMIT_MAX: '1000',
    MAIL_WORKER: 'off',
    WEBHOOK_WORKER: 'off',
    // No completion waits for a second reviewer unless a test asks for it (decision 073): a sampled order stays
    // "In review", which the tests of everything else do not expect.
    QA_SAMPLE_PERCENT: '0',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp({ config, database: database.handle, clientDir: options.clientDir ?? null, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    config,
    database,
    request: (method, url, as, payload, requestOptions) => request(app, method, url, as, payload, requestOptions),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const TEST_PASSWORD = 'correct-horse-battery';

/** The `name=value` pairs of every Set-Cookie, ready to send back as a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export interface SignedInUser {
  id: string;
  email: string;
  cookie: string;
}

export async function signUp(
  app: FastifyInstance,
  input: Partial<{ email: string; firstName: string; lastName: string; password: string }> = {},
): Promise<SignedInUser> {
  const email = input.email ?? uniqueEmail();
  const response = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    // A random client address per sign-up keeps tests clear of the sign-up rate limit.
    remoteAddress: `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: {
      email,
      password: input.password ?? TEST_PASSWORD,
      name: `${input.firstName ?? 'Test'} ${input.lastName ?? 'User'}`,
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'User',
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string } };
  return { id: body.user.id, email, cookie: cookieHeader(response) };
}

/** A signed-in administrator (made admin through the database, as `npm run admin -- grant` does). */
export async function signUpAdmin(app: FastifyInstance): Promise<SignedInUser> {
  const { grantAdmin } = await import('../features/auth/admin-role');
  const user = await signUp(app, { email: uniqueEmail('admin'), firstName: 'Ada', lastName: 'Admin' });
  await grantAdmin(app.db, user.email, true);
  return user;
}

/** A signed-in reviewer (made one through the database, as accepting an invitation does; decision 021). */
export async function signUpReviewer(app: FastifyInstance, firstName = 'Rita'): Promise<SignedInUser> {
  const { users } = await import('../db/schema');
  const { eq } = await import('drizzle-orm');
  const user = await signUp(app, { email: uniqueEmail('reviewer'), firstName, lastName: 'Reviewer' });
  await app.db.update(users).set({ isReviewer: true }).where(eq(users.id, user.id));
  return user;
}
