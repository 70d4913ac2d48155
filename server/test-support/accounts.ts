/** Test-only helpers for the account flows: read the links out of the queued e-mails. */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import { TEST_PASSWORD } from './test-app';

export async function mailsTo(db: Database, address: string, kind?: string) {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(
      kind
        ? and(eq(emailOutbox.toAddress, address.toLowerCase()), eq(emailOutbox.kind, kind))
        : eq(emailOutbox.toAddress, address.toLowerCase()),
    )
    .orderBy(desc(emailOutbox.createdAt));
  return rows;
}

/** The token of the newest password-reset e-mail to `address`. */
export async function latestResetToken(db: Database, address: string): Promise<string> {
  const [mail] = await mailsTo(db, address, 'password-reset');
  const match = mail?.textBody.match(/\/reset-password#token=([A-Za-z0-9%_-]+)/);
  if (!match) throw new Error(`no reset e-mail to ${address}`);
  return decodeURIComponent(match[1]!);
}

/** The path (below PUBLIC_URL) of the newest verification link sent to `address`. */
export async function latestVerificationPath(db: Database, address: string, publicUrl: string): Promise<string> {
  const [mail] = await mailsTo(db, address, 'verify-email');
  const match = mail?.textBody.match(/(\S*\/api\/identity\/verify-email\?\S+)/);
  if (!match) throw new Error(`no verification e-mail to ${address}`);
  return match[1]!.slice(publicUrl.length);
}

let ipCounter = 0;
/** A fresh client address, so one test's calls do not count against another's rate limits. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  userAgent = 'vitest',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/identity/sign-in/email',
    remoteAddress: freshIp(),
    headers: { 'user-agent': userAgent },
    payload: { email, password },
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
