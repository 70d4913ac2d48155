import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  accountSecuritySchema,
  DELETE_CONFIRMATION_WORD,
  deleteAccountSchema,
  deviceSessionsSchema,
} from '../../../shared/account.schema';
import { messageAnswerSchema } from '../../../shared/api.schema';
import { badRequest, unauthorized } from '../../lib/http-error';
import { createObjectStorage } from '../../storage';
import { requireUser } from '../../plugins/auth';
import { importSigningKey, readSessionToken } from '../../plugins/session-lookup';
import { deleteAccount } from './delete-account';
import { deleteStripeCustomer, stripeCustomerOf, stripeProvider } from '../payments';
import { exportAccountData } from './export-data';
import { accountSecurity, findPasswordHash, listDeviceSessions } from './security';


function noStore(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // "This device": the session token of the request's own cookie, read as the auth plugin reads it.
  const cookieName = (await app.auth.$context).authCookies.sessionToken.name;
  const signingKey = await importSigningKey(app.sessionSecret);
  const currentToken = (cookie: string | undefined) => readSessionToken(cookie, cookieName, signingKey);

  /** Whether the address is verified and whether the account has a password (Settings, the banner). */
  r.get('/api/account/security', { config: { access: 'customer' }, schema: { response: { 200: accountSecuritySchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    noStore(reply);
    const security = await accountSecurity(app.db, user.id);
    if (!security) throw unauthorized();
    return security;
  });

  /** The signed-in devices (sessions) of the account. */
  r.get('/api/account/sessions', { config: { access: 'customer' }, schema: { response: { 200: deviceSessionsSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    noStore(reply);
    return { sessions: await listDeviceSessions(app.db, user.id, await currentToken(request.headers.cookie)) };
  });

  /** "Download my data": the account's own data as a JSON file. */
  r.get('/api/account/export', { config: { access: 'customer', reply: 'file' } }, async (request, reply) => {
    const user = await requireUser(request);
    const data = await exportAccountData(app.db, user.id, await currentToken(request.headers.cookie));
    const day = new Date().toISOString().slice(0, 10);
    noStore(reply);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="humanproof-data-${day}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  /**
   * "Delete my account": the password confirms it (or, for an account without one, typing DELETE). Erases the
   * personal data and signs out everywhere; see decision 014 for what is kept.
   */
  r.post(
    '/api/account/delete',
    { config: { access: 'customer' }, schema: { body: deleteAccountSchema, response: { 200: messageAnswerSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const hash = await findPasswordHash(app.db, user.id);
      if (hash) {
        const context = await app.auth.$context;
        const password = request.body.password ?? '';
        if (!password || !(await context.password.verify({ hash, password }))) {
          throw badRequest(ACCOUNT_MESSAGES.deleteWrongPassword);
        }
      } else if (request.body.confirmation?.trim() !== DELETE_CONFIRMATION_WORD) {
        throw badRequest(ACCOUNT_MESSAGES.deleteWrongConfirmation);
      }
      const stripeCustomer = await stripeCustomerOf(app.db, user.id);
      const { storageKeys } = await deleteAccount(app.db, user.id);
      // The saved cards' customer at Stripe goes too (decision 045); its id was read before the account's rows went.
      if (stripeCustomer) await deleteStripeCustomer(stripeCustomer, { stripe: stripeProvider(app.config.stripe), log: request.log });
      if (storageKeys.length > 0) {
        const storage = createObjectStorage(app.config);
        for (const key of storageKeys) {
          await storage.remove(key).catch((err: unknown) => request.log.warn({ err }, 'review file not removed'));
        }
        if ('destroy' in storage && typeof storage.destroy === 'function') storage.destroy();
      }
      noStore(reply);
      void reply.clearCookie(cookieName, {
        path: '/',
        secure: cookieName.startsWith('__Secure-'),
        httpOnly: true,
        sameSite: 'lax',
      });
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
}
