import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  LINK_CHECK_BUDGET_MS,
  LINK_CHECK_MESSAGES,
  LINK_CHECK_ORDERS_AT_ONCE,
  LINK_RECHECK_BUDGET_MS,
  LINK_RECHECK_MESSAGES,
  type LinkCheck,
} from '../../../shared/link-checks.schema';
import { reviewedTextOf } from '../../../shared/review.schema';
import { badRequest } from '../../lib/http-error';
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
  return checkFoundLinks(findLinks(text), options, budgetMs);
}

/** The given links checked as checkLinksOf does; each says when (issue 42). */
async function checkFoundLinks(links: ReturnType<typeof findLinks>, options: LinkCheckOptions, budgetMs: number): Promise<LinkCheck[]> {
  const results: LinkCheck[] = links.map((link) => ({ ...link, status: 'unreachable', httpStatus: null, finalUrl: null, error: LINK_CHECK_MESSAGES.notCheckedInTime }));
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
  const checkedAt = new Date().toISOString();
  return results.map((r) => ({ ...r, checkedAt }));
}

type OrderTexts = Pick<SubmissionRow, 'id' | 'content' | 'reviewedContent' | 'attachmentMode' | 'documentLink'>;

/** The links of the original, then those only in the reviewer's saved draft (issue 42), each URL once. */
function linksOfOrder(order: OrderTexts): (ReturnType<typeof findLinks>[number] & { source: 'original' | 'reviewed' })[] {
  const original = findLinks(order.content).map((link) => ({ ...link, source: 'original' as const }));
  const seen = new Set(original.map((l) => l.url));
  const reviewed = order.reviewedContent === null ? [] : findLinks(reviewedTextOf(order)).filter((l) => !seen.has(l.url));
  return [...original, ...reviewed.map((link) => ({ ...link, source: 'reviewed' as const }))];
}

/**
 * What the workspace shows: every link of the original and of the saved draft (issue 42), each with its stored result
 * (by URL) and when it was checked, or "pending" until it has been; `checkedAt` is the original's check by the job.
 */
export async function linkChecksFor(db: Executor, order: OrderTexts): Promise<{ links: LinkCheck[]; checkedAt: string | null }> {
  const [row] = await db.select().from(linkChecks).where(eq(linkChecks.submissionId, order.id)).limit(1);
  const stored = new Map((row?.links ?? []).map((link) => [link.url, link]));
  const jobDone = row !== undefined && row.links.every((l) => l.status !== 'pending');
  const links = linksOfOrder(order).map((link): LinkCheck => {
    const found = stored.get(link.url);
    if (!found || found.status === 'pending') return { ...link, status: 'pending', httpStatus: null, finalUrl: null, error: null, checkedAt: null };
    // Stored before links said when they were checked: the job's time.
    const checkedAt = found.checkedAt ?? (jobDone ? row.checkedAt.toISOString() : null);
    return { ...link, status: found.status, httpStatus: found.httpStatus, finalUrl: found.finalUrl, error: storedLinkError(found.error), checkedAt };
  });
  return { links, checkedAt: row && jobDone ? row.checkedAt.toISOString() : null };
}

/**
 * The reviewer's re-check (issue 42): the given links (each must be in the original or the saved draft; 400 otherwise),
 * or all of them, checked now within LINK_RECHECK_BUDGET_MS, and stored by URL beside the others.
 */
export async function recheckLinks(db: Database, order: OrderTexts, urls: readonly string[] | undefined, options: LinkCheckOptions): Promise<void> {
  const all = linksOfOrder(order);
  const wanted = urls === undefined ? all : urls.map((url) => all.find((l) => l.url === url || l.text === url));
  if (wanted.some((l) => l === undefined)) throw badRequest(LINK_RECHECK_MESSAGES.notInText);
  // Before the job has reached the order, a re-check checks all its links, the job's work included.
  const [existing] = await db.select({ id: linkChecks.submissionId }).from(linkChecks).where(eq(linkChecks.submissionId, order.id)).limit(1);
  const unique = [...new Map((existing ? wanted : all).map((l) => [l!.url, l!])).values()];
  if (unique.length === 0) return;
  const checked = await checkFoundLinks(unique, options, LINK_RECHECK_BUDGET_MS);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(linkChecks).where(eq(linkChecks.submissionId, order.id)).for('update').limit(1);
    const byUrl = new Map((row?.links ?? []).map((link) => [link.url, link]));
    for (const link of checked) byUrl.set(link.url, link);
    const links = [...byUrl.values()];
    if (row) await tx.update(linkChecks).set({ links }).where(eq(linkChecks.submissionId, order.id));
    else await tx.insert(linkChecks).values({ submissionId: order.id, links }).onConflictDoUpdate({ target: linkChecks.submissionId, set: { links, checkedAt: new Date() } });
  });
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
