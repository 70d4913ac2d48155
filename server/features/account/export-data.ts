import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { messages, payments, submissions, users } from '../../db/schema';
import { penceToPounds } from '../../../shared/money';
import { toSubmission } from '../submissions';
import { listDeviceSessions } from './security';

/**
 * Everything the account holds about its owner, as the owner may see it: profile, orders (the review only once
 * delivered, as on the dashboard), the messages of those orders, payments (no provider secrets) and devices.
 */
export async function exportAccountData(db: Executor, userId: string, currentToken: string | null) {
  const [profile] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const orders = await db
    .select()
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  const orderIds = orders.map((o) => o.id);
  const [messageRows, paymentRows] =
    orderIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(messages)
            .where(inArray(messages.submissionId, orderIds))
            .orderBy(asc(messages.createdAt), asc(messages.id)),
          db
            .select({
              submissionId: payments.submissionId,
              provider: payments.provider,
              amountPence: payments.amountPence,
              currency: payments.currency,
              status: payments.status,
              createdAt: payments.createdAt,
            })
            .from(payments)
            .where(inArray(payments.submissionId, orderIds))
            .orderBy(asc(payments.createdAt)),
        ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: profile ? { ...profile, createdAt: profile.createdAt.toISOString() } : null,
    orders: orders.map((row) => toSubmission(row)),
    messages: messageRows.map((row) => ({
      id: row.id,
      orderId: row.submissionId,
      from: row.isFromAdmin ? 'HumanProof team' : 'you',
      content: row.content,
      hasAttachment: Boolean(row.attachmentUrl),
      sentAt: row.createdAt.toISOString(),
    })),
    payments: paymentRows.map(({ amountPence, createdAt, ...rest }) => ({
      ...rest,
      amount: penceToPounds(amountPence),
      createdAt: createdAt.toISOString(),
    })),
    devices: await listDeviceSessions(db, userId, currentToken),
  };
}
