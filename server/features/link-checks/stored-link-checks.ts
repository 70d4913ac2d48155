import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LINK_CHECK_BUDGET_MS, LINK_CHECK_ORDERS_AT_ONCE, LINK_NOT_CHECKED_IN_TIME, type LinkCheck } from '../../../shared/link-checks.schema';
import type { Database, Executor } from '../../db/client';
import { linkChecks, submissions, type SubmissionRow } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';
import { countedRoundJob } from '../../jobs/rounds';
import type { JobHandler } from '../../jobs/runner';
import { checkLink, type LinkCheckOptions } from './check-link';
import { findLinks } from './find-links';
import { storedLinkError } from './messages';

const PAID_STATUSES = ['paid', 'in-review', 'revision-requested'] as const;
/** Links of one order checked at once. */
const CONCURRENCY = 4;

/**
 * Every link of a text, checked (four at a time) within `budgetMs`: a link with no answer by then (a text full of
 * slow hosts) is reported unreachable, so one order never holds its round for minutes.
 */
export async function checkLinksOf(text: string, options: LinkCheckOptions, budgetMs = LINK_CHECK_BUDGET_MS): Promise<LinkCheck[]> {
  const links = findLinks(text);
  const results: LinkCheck[] = links.map((link) => ({ ...link, status: 'unreachable', httpStatus: null, finalUrl: null, error: LINK_NOT_CHECKED_IN_TIME }));
  let next = 0;
  let outOfTime = false;
  const worker = async () => {
    for (let i = next++; i < links.length && !outOfTime; i = next++) {
      const link = links[i]!;
      const outcome = await checkLink(link.url, options);
      if (!outOfTime) results[i] = { ...link, ...outcome };
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      outOfTime = true;
      resolve();
    }, budgetMs);
  });
  await Promise.race([Promise.all(Array.from({ length: Math.min(CONCURRENCY, links.length) }, worker)), deadline]);
  clearTimeout(timer);
  return results.map((r) => ({ ...r }));
}

/** What the workspace shows: the stored results, or the order's links marked "pending" until the job has run. */
export async function linkChecksFor(db: Executor, order: Pick<SubmissionRow, 'id' | 'content'>): Promise<{ links: LinkCheck[]; checkedAt: string | null }> {
  const [row] = await db.select().from(linkChecks).where(eq(linkChecks.submissionId, order.id)).limit(1);
  if (row) return { links: row.links.map((link) => ({ ...link, error: storedLinkError(link.error) })), checkedAt: row.checkedAt.toISOString() };
  return {
    links: findLinks(order.content).map((link) => ({ ...link, status: 'pending', httpStatus: null, finalUrl: null, error: null })),
    checkedAt: null,
  };
}

/**
 * One round of the job: one paid order without link checks at a time, claimed by inserting its row first (so two
 * instances never check the same order), then checked outside any transaction (requests take seconds) and stored.
 */
export async function checkLinksRound(db: Database, options: LinkCheckOptions, limit = 20): Promise<number> {
  let handled = 0;
  while (handled < limit) {
    const claimed = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: submissions.id, content: submissions.content })
        .from(submissions)
        .leftJoin(linkChecks, eq(linkChecks.submissionId, submissions.id))
        .where(and(inArray(submissions.status, [...PAID_STATUSES]), isNull(linkChecks.submissionId)))
        .orderBy(sql`${submissions.paidAt} desc nulls last`)
        .limit(1)
        .for('update', { of: submissions, skipLocked: true });
      if (!order) return null;
      const pending = findLinks(order.content).map((link) => ({ ...link, status: 'pending' as const, httpStatus: null, finalUrl: null, error: null }));
      const inserted = await tx.insert(linkChecks).values({ submissionId: order.id, links: pending }).onConflictDoNothing().returning({ id: linkChecks.submissionId });
      return inserted.length > 0 ? order : null;
    });
    if (!claimed) return handled;
    const links = await checkLinksOf(claimed.content, options);
    await db.update(linkChecks).set({ links, checkedAt: new Date() }).where(eq(linkChecks.submissionId, claimed.id));
    handled += 1;
  }
  return handled;
}

/** The job (decision 031): on worker instances, a round per payment and every minute. */
export function checkLinksJob(app: FastifyInstance): JobHandler | null {
  return countedRoundJob(app, {
    queue: QUEUES.checkLinks,
    // Rounds side by side: each claims its own order (the row it inserts first), so slow links delay only theirs.
    concurrency: LINK_CHECK_ORDERS_AT_ONCE,
    round: () => checkLinksRound(app.db, { allowLoopback: app.config.WEBHOOKS_ALLOW_LOOPBACK === '1' }),
    message: 'links checked',
  });
}
