import type { Database } from '../../db/client';
import type { SubmissionRow } from '../../db/schema';
import type { FeatureContext } from '../context';
import { reviseOrder } from '../orders';
import { customerCanSee } from './customer-access';
import { getAccessibleOrder } from './find-orders';

/** The customer asks for the one free revision of their order (the lifecycle's move, `reviseOrder`): 404 for someone else's. */
export async function requestRevision(
  db: Database,
  context: FeatureContext,
  input: { submissionId: string; userId: string; message: string; now: Date },
): Promise<SubmissionRow> {
  const { submissionId, userId, message, now } = input;
  const owned = await getAccessibleOrder(db, submissionId, { id: userId, isAdmin: false });
  return db.transaction((tx) => reviseOrder(tx, context, owned, { userId, message, now, where: customerCanSee(userId) }));
}
