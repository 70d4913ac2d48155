import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/auth.schema';
import { getQueryFn } from '@client/lib/api';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** Authenticated state is derived from GET /api/auth/user returning data; no retry; null (a visitor) or 401 (a dead session) reads as anonymous. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
  });
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
