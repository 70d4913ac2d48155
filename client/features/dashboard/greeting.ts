import type { CurrentUser } from '@shared/auth.schema';

/** "Welcome back, Grace" or "Welcome back, there" (spec: firstName, or "there"). */
export function greetingName(user: Pick<CurrentUser, 'firstName'> | null | undefined): string {
  return user?.firstName?.trim() || 'there';
}
