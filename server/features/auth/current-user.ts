import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { CurrentUser } from '../../../shared/auth.schema';
import { forbidden, unauthorized } from '../../lib/http-error';

const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/** The signed-in user of this request (looked up once per request), or null. */
export function getCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUp(request);
    cache.set(request, pending);
  }
  return pending;
}

async function lookUp(request: FastifyRequest): Promise<CurrentUser | null> {
  const cookie = request.headers.cookie;
  if (!cookie || !cookie.includes('session_token')) return null;
  const { auth, config } = request.server;
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const user = result.user as typeof result.user & {
    firstName?: string | null;
    lastName?: string | null;
    isAdmin?: boolean | null;
  };
  const email = user.email.toLowerCase();
  return {
    id: user.id,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email,
    profileImageUrl: user.image ?? null,
    isAdmin: Boolean(user.isAdmin) || config.adminEmails.includes(email),
  };
}

export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw unauthorized();
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw forbidden();
  return user;
}
