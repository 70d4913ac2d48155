import { APIError, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../env';
import type { Database } from '../../db/client';
import { serializeError, withoutQueryParams } from '../../lib/log-serializers';
import { accounts, sessions, users, verifications } from '../../db/schema';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, profileNameSchema } from '../../../shared/auth.schema';
import { ACCOUNT_MESSAGES } from '../../../shared/account.schema';
import { notifyPasswordReset, notifySignUpAttempt, notifyVerifyEmail } from '../../mail/notify';
import type { MailSettings } from '../../mail/settings';
import type { SessionSource } from '../../plugins/auth';

export const OIDC_PROVIDER_ID = 'oidc';
/** Sessions last 14 days and slide forward at most once a day of use. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 14;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
/** A password-reset link works once, for 1 hour; an e-mail verification link for 24 hours. */
export const RESET_PASSWORD_EXPIRES_IN_SECONDS = 60 * 60;
export const VERIFY_EMAIL_EXPIRES_IN_SECONDS = 60 * 60 * 24;

type MailUser = { email: string; firstName?: string | null };

function cleanName(value: unknown, field: string): string {
  const parsed = profileNameSchema.safeParse(typeof value === 'string' ? value : '');
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: `${field}: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
  }
  return parsed.data;
}

/** A profile image is shown to the account owner: only an https address is kept (never javascript:, data:, http:). */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * better-auth updates an account only through its own flows (its update-user endpoint is not exposed): an
 * OpenID Connect sign-in refreshing the profile, a verified e-mail. Whatever they write obeys the app's rules:
 * the role never changes, names pass the profile schema, and an image must be https.
 */
function cleanUpdate(data: Record<string, unknown>): Record<string, unknown> {
  const { isAdmin: _isAdmin, ...cleaned } = data;
  // Only verify-email's change step writes an address through better-auth (update-user is not exposed): the
  // owner has just opened the link sent to the new address, so it is verified.
  if (typeof data.email === 'string') cleaned.emailVerified = true;
  if ('image' in data) cleaned.image = safeImageUrl(data.image);
  if ('firstName' in data && data.firstName !== null) cleaned.firstName = cleanName(data.firstName, 'First name');
  if ('lastName' in data && data.lastName !== null) cleaned.lastName = cleanName(data.lastName, 'Last name');
  if (typeof data.name === 'string') cleaned.name = data.name.trim().slice(0, 2 * NAME_MAX + 1);
  return cleaned;
}

export interface AuthLogger {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
  debug: (obj: object, msg: string) => void;
}

/**
 * better-auth's own log lines go to the app's logger, errors through the safe serializer (a failed query's
 * parameters hold password hashes and e-mail addresses); any other argument is dropped.
 */
function authLog(log: AuthLogger) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
    const errors = args.filter((a) => a instanceof Error).map((e) => serializeError(e));
    log[level](errors.length > 0 ? { err: errors[0], auth: true } : { auth: true }, `better-auth: ${withoutQueryParams(message)}`);
  };
}

export function createAuth(config: Config, db: Database, secret: string, mail: MailSettings, log?: AuthLogger) {
  const secure = config.PUBLIC_URL.startsWith('https://');
  return betterAuth({
    appName: 'HumanProof',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/identity',
    secret,
    trustedOrigins: [new URL(config.PUBLIC_URL).origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      // The e-mail is queued in the outbox (a database insert), never sent inline, so the answer takes the same
      // time whether or not the address has an account.
      sendResetPassword: async ({ user, token }) => notifyPasswordReset(mail, db, user as MailUser, token),
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
    },
    // Verification is sent at sign-up but not required: an unverified account can still order and pay.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_SECONDS,
      // Also sends the link of an e-mail change, to the new address (user.email is then the new one).
      sendVerificationEmail: async ({ user, token }) => notifyVerifyEmail(mail, db, user as MailUser, token, await isEmailChange(db, user)),
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') return neutralSignUpForExistingAccount(ctx, db, mail);
        if (ctx.path === '/change-email') return requirePasswordForEmailChange(ctx);
        // Changing the password always ends the other sessions, whatever the client asks.
        if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
        return undefined;
      }),
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
      // The new address gets a link; the change happens only when it is opened (verify-email).
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    // Our limiters guard sign-in and sign-up (identity-limits.ts: @fastify/rate-limit, store in PostgreSQL), shared by all instances.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // A failure that is not an APIError (a locked table, a lost connection) is thrown to the calling route, so the
    // app's error handler answers (503 with Retry-After when the database is busy) and logs it without its
    // parameters; better-call would otherwise print the whole error, e-mail address included, to stderr.
    onAPIError: { throw: true },
    logger: {
      disabled: config.NODE_ENV === 'test' || config.LOG_LEVEL === 'silent',
      level: 'error',
      ...(log ? { log: authLog(log) } : {}),
    },
    advanced: {
      cookiePrefix: 'hp',
      useSecureCookies: secure,
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ['x-forwarded-for'] : [] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const email = String(user.email).trim().toLowerCase();
            // Password sign-up sends first and last name; an OpenID Connect profile may only have `name`.
            const fromOidc = user.firstName === undefined && user.lastName === undefined;
            const [first = '', ...rest] = String(user.name ?? '').trim().split(/\s+/);
            const firstName = fromOidc ? first.slice(0, 50) || null : cleanName(user.firstName, 'First name');
            const lastName = fromOidc
              ? rest.join(' ').slice(0, 50) || null
              : cleanName(user.lastName, 'Last name');
            return {
              data: {
                ...user,
                email,
                firstName,
                lastName,
                name: [firstName, lastName].filter(Boolean).join(' ') || email,
                image: safeImageUrl(user.image),
                isAdmin: false,
              },
            };
          },
        },
        update: {
          before: async (data) => ({ data: cleanUpdate(data as Record<string, unknown>) }),
        },
      },
    },
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: config.oidc.scopes,
                pkce: true,
                mapProfileToUser: (profile: Record<string, unknown>) => ({
                  firstName: typeof profile.given_name === 'string' ? profile.given_name.slice(0, 50) : null,
                  lastName: typeof profile.family_name === 'string' ? profile.family_name.slice(0, 50) : null,
                }),
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** What the auth plugin's guard (server/plugins/auth.ts) reads of better-auth's sessions, handed to it by app.ts. */
export async function sessionSourceOf(auth: Auth): Promise<SessionSource> {
  return {
    cookieName: (await auth.$context).authCookies.sessionToken.name,
    expiresInSeconds: SESSION_EXPIRES_IN_SECONDS,
    updateAgeSeconds: SESSION_UPDATE_AGE_SECONDS,
    renew: async (headers) => (await auth.api.getSession({ headers, asResponse: true })).headers.getSetCookie(),
  };
}

/** Whether a verification e-mail is for a new address (an e-mail change) rather than the account's own. */
async function isEmailChange(db: Database, user: { id: string; email: string }): Promise<boolean> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id)).limit(1);
  return Boolean(row && row.email.toLowerCase() !== user.email.toLowerCase());
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Changing the e-mail address needs the current password: a stolen session alone must not be able to move the
 * account to an address the thief reads (and then reset the password). Accounts without one cannot change it here.
 */
async function requirePasswordForEmailChange(ctx: HookContext): Promise<undefined> {
  const session = await getSessionFromCtx(ctx);
  if (!session) return undefined; // better-auth answers 401
  const password = (ctx.body as { password?: unknown } | undefined)?.password;
  const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id);
  const hash = accounts.find((a) => a.providerId === 'credential')?.password;
  if (!hash) throw new APIError('BAD_REQUEST', { message: ACCOUNT_MESSAGES.noPasswordForEmailChange });
  const ok =
    typeof password === 'string' &&
    password.length <= PASSWORD_MAX &&
    (await ctx.context.password.verify({ hash, password }));
  if (!ok) throw new APIError('BAD_REQUEST', { message: ACCOUNT_MESSAGES.wrongPassword, code: 'INVALID_PASSWORD' });
  return undefined;
}

const signUpBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  firstName: z.unknown(),
  lastName: z.unknown(),
});

/**
 * Sign-up with an address that already has an account: no "already exists". The answer is the 200 shape of a
 * sign-up that did not sign anyone in (`token: null`, no cookie), the client shows one neutral message, and the
 * owner gets an e-mail that someone tried. Input that a new sign-up would refuse is left to better-auth (and to
 * the name rules below), so both paths refuse the same input with the same error.
 */
async function neutralSignUpForExistingAccount(ctx: HookContext, db: Database, mail: MailSettings) {
  const parsed = signUpBody.safeParse(ctx.body);
  if (!parsed.success) return undefined;
  cleanName(parsed.data.firstName, 'First name');
  cleanName(parsed.data.lastName, 'Last name');
  const existing = await ctx.context.internalAdapter.findUserByEmail(parsed.data.email);
  if (!existing) return undefined;
  // Hash as a new sign-up would, so the refusal takes about as long.
  await ctx.context.password.hash(parsed.data.password);
  await notifySignUpAttempt(mail, db, existing.user as MailUser);
  return ctx.json({ token: null, user: null });
}
