import type { AnyColumn } from 'drizzle-orm';

/** An account as people are shown it: its first and last name, its account name and its e-mail. */
export interface Person {
  firstName: string | null;
  lastName: string | null;
  name: string;
  email: string;
}

/** The columns that name a person, of `users` or of an alias of it (an inviter, a claimant). */
export function personColumns<T extends Record<keyof Person, AnyColumn>>(table: T): Pick<T, keyof Person> {
  return { firstName: table.firstName, lastName: table.lastName, name: table.name, email: table.email };
}

/** First and last name, else the account name, else the e-mail (as the review team and organisations name people). */
export function displayName(u: Person): string {
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return full || u.name.trim() || u.email;
}
