import { queryOptions, useQuery } from '@tanstack/react-query';
import { whoAmISchema, type CurrentUser } from '@shared/auth.schema';
import { apiGetOrNull } from './api';
import { queryKeys } from './query-keys';

/**
 * GET /api/auth/user (spec section 7): no retry; failure or empty means anonymous: null (a visitor) or 401 (a dead
 * session) is expected here and never sends anyone to sign in. The app shell needs it, so it lives in lib/ rather than a feature.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: () => apiGetOrNull(whoAmISchema, '/api/auth/user'),
    retry: false,
    meta: { handles401: true },
  });

/** Authenticated state is derived from GET /api/auth/user returning data. */
export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  const user = query.isError ? null : (query.data ?? null);
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

/** Initials for the avatar: first letters of first and last name, else of the e-mail, else "U". */
export function userInitials(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  if (user.firstName && user.lastName) return `${user.firstName[0]}${user.lastName[0]}`.toUpperCase();
  if (user.firstName) return user.firstName[0]!.toUpperCase();
  if (user.email) return user.email[0]!.toUpperCase();
  return 'U';
}

export function fullName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
