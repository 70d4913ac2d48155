/** Test-only helpers shared by the mail tests. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signUp, signUpAdmin, type SignedInUser } from './test-app';
import type { Database } from '../db/client';
import { emailOutbox, reviewDeskOrders, submissions, type SubmissionRow } from '../db/schema';
import { readableId } from '../lib/ids';
import type { TransportConfig } from '../mail/transport';
import { createMailTransport } from '../mail/transport';
import { MailDelivery, type MailDeliveryOptions } from '../mail/delivery';
import { memoryLogger } from './smtp-sink';

/** An order as a test seeds it: the order's columns, and its review desk columns (a claim, decision 075) if any. */
export type OrderSeed = Partial<typeof submissions.$inferInsert> & Partial<Omit<typeof reviewDeskOrders.$inferInsert, 'orderId'>>;

const DESK_COLUMNS = ['claimedBy', 'claimedAt', 'claimActiveAt', 'reviewVersion', 'reviewActiveSeconds', 'reviewEffortSavedAt', 'reviewEffortCounts', 'dueSoonNotifiedFor'] as const;

export async function insertOrder(db: Database, userId: string, seed: OrderSeed = {}): Promise<SubmissionRow> {
  const desk = Object.fromEntries(DESK_COLUMNS.flatMap((key) => (seed[key] === undefined ? [] : [[key, seed[key]]])));
  const overrides = Object.fromEntries(Object.entries(seed).filter(([key]) => !(DESK_COLUMNS as readonly string[]).includes(key)));
  const [row] = await db
    .insert(submissions)
    .values({
      id: readableId(),
      userId,
      title: 'Our spring launch post',
      status: 'paid',
      serviceTier: 'polished',
      category: 'blog-post',
      wordCount: 1234,
      amountPence: 7404,
      contactName: 'Jane Customer',
      contactEmail: 'jane.contact@example.com',
      content: 'Some AI written text that needs a human.',
      paidAt: new Date('2026-11-19T14:00:00Z'),
      dueDate: new Date('2026-11-24T14:00:00Z'),
      ...overrides,
    })
    .returning();
  if (Object.keys(desk).length > 0) await db.insert(reviewDeskOrders).values({ orderId: row!.id, ...desk });
  return row!;
}

export function smtpWorker(
  db: Database,
  smtpUrl: string | undefined,
  dataDir: string,
  extra: Partial<MailDeliveryOptions> = {},
) {
  const log = memoryLogger();
  const config: TransportConfig = {
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'HumanProof <no-reply@humanproof.example>',
    DATA_DIR: dataDir,
  };
  const transport = createMailTransport(config, log);
  const worker = new MailDelivery({ db, transport, log, ...extra });
  return { worker, transport, log };
}

export async function outboxRows(db: Database) {
  return db.select().from(emailOutbox);
}

/**
 * signUp / signUpAdmin without the verification e-mail every sign-up queues, for tests that count the e-mails
 * their own events cause.
 */
export async function signUpQuietly(app: FastifyInstance, input: Parameters<typeof signUp>[1] = {}): Promise<SignedInUser> {
  const user = await signUp(app, input);
  await app.db.delete(emailOutbox).where(eq(emailOutbox.kind, 'verify-email'));
  return user;
}

export async function signUpAdminQuietly(app: FastifyInstance): Promise<SignedInUser> {
  const user = await signUpAdmin(app);
  await app.db.delete(emailOutbox).where(eq(emailOutbox.kind, 'verify-email'));
  return user;
}
