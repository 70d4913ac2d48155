import { queryOptions, useQuery } from '@tanstack/react-query';
import { whoAmISchema } from '@shared/auth.schema';
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
