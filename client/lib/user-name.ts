import type { CurrentUser } from '@shared/auth.schema';

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
