import { asc, eq } from 'drizzle-orm';
import type { StatusHistoryEntry } from '../../../shared/review.schema';
import type { Executor } from '../../db/client';
import { submissions, submissionStatusChanges, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { personColumns } from '../../lib/person';
import { customerName } from './serialize';
import { ORDER_NOT_FOUND } from '../orders';

/** Every recorded status change of a submission, oldest first, with who made it (null = the system). */
export async function listStatusHistory(db: Executor, submissionId: string): Promise<StatusHistoryEntry[]> {
  const [exists] = await db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, submissionId)).limit(1);
  if (!exists) throw notFound(ORDER_NOT_FOUND);
  const rows = await db
    .select({ change: submissionStatusChanges, user: personColumns(users) })
    .from(submissionStatusChanges)
    .leftJoin(users, eq(users.id, submissionStatusChanges.changedBy))
    .where(eq(submissionStatusChanges.submissionId, submissionId))
    .orderBy(asc(submissionStatusChanges.createdAt), asc(submissionStatusChanges.id));
  return rows.map(({ change, user }) => ({
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    changedBy: user && user.email !== null ? { name: customerName({ ...user, name: user.name ?? '', email: user.email }), email: user.email } : null,
    reason: change.reason,
    createdAt: change.createdAt.toISOString(),
  }));
}
