import { certificateCodeOfOrder } from '../certificates';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  v1OrderInputSchema,
  v1OrderSummarySchema} from '../../../shared/api-v1.schema';
import {
  type V1Order,
  type V1Quote
} from '../../../shared/api-v1.schema';
import { computeDueDate } from '../../../shared/due-date';
import { quotePrice } from '../../../shared/pricing';
import { vatOfGross } from '../../../shared/vat';
import { TIERS } from '../../../shared/service-tiers';
import { countWords } from '../../../shared/word-count';
import type { Database, Executor } from '../../db/client';
import { apiIdempotency, messages, submissions, type MessageRow, type SubmissionRow } from '../../db/schema';
import { ProblemError } from '../../lib/problem';
import type { FeatureContext } from '../context';
import { creditBalancePence, payOrderFromCredit, walletOf } from '../credit';
import { listClaims } from '../fact-check';
import { deliveredDiff } from '../delivery-diff';
import { customerCanSee, insertOrder, orderBasics } from '../customer-orders';
import type { ApiCaller } from '../api-keys';

type OrderInput = z.output<typeof v1OrderInputSchema>;
type OrderSummary = z.infer<typeof v1OrderSummarySchema>;

export const ORDER_NOT_FOUND = 'Order not found';

export async function quote(
  db: Executor,
  caller: ApiCaller,
  input: { content: string; serviceTier: OrderInput['serviceTier']; fastTurnaround: boolean },
  /** The VAT rate the prices include (shared/vat.ts). */
  vatRateBasisPoints: number,
): Promise<V1Quote> {
  const wordCount = countWords(input.content);
  const price = quotePrice(wordCount, input.serviceTier, input.fastTurnaround);
  return {
    wordCount,
    ratePence: TIERS[input.serviceTier].ratePence,
    pricePence: price.totalPence,
    vatPence: vatOfGross(price.totalPence, vatRateBasisPoints),
    currency: 'gbp',
    minimumApplied: price.minimumApplied,
    dueDate: computeDueDate(new Date(), input.fastTurnaround).toISOString(),
    balancePence: await creditBalancePence(db, await walletOf(db, caller.userId)),
  };
}

function summary(row: SubmissionRow): OrderSummary {
  return {
    ...orderBasics(row),
    ratePence: TIERS[row.serviceTier].ratePence,
    pricePence: row.amountPence,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    dueDate: row.dueDate?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export async function toV1Order(db: Executor, row: SubmissionRow): Promise<V1Order> {
  const delivered = row.status === 'completed';
  let result: V1Order['result'] = null;
  if (delivered) {
    const claims = await listClaims(db, row.id);
    result = {
      reviewedContent: row.reviewedContent,
      reviewerNotes: row.reviewerNotes,
      documentLink: row.documentLink,
      // Stored at delivery (issue 29): never diffed on the event loop per request.
      diff: await deliveredDiff(db, row),
      factCheck: {
        noCheckableClaims: row.noCheckableClaims,
        claims: claims.map((c) => ({ passage: c.passage, passageStart: c.passageStart, passageEnd: c.passageEnd, verdict: c.verdict, sources: c.sources, note: c.note })),
      },
      certificateCode: await certificateCodeOfOrder(db, row.id),
    };
  }
  return { ...summary(row), content: row.content, instructions: row.instructions, result };
}

/** One of the caller's orders; someone else's is answered exactly like one that does not exist. */
export async function getOwnOrder(db: Executor, caller: ApiCaller, id: string): Promise<SubmissionRow> {
  // The key acts as its account: the same rule as the web (customerCanSee, decision 047).
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, id), customerCanSee(caller.userId)))
    .limit(1);
  if (!row) throw new ProblemError(404, ORDER_NOT_FOUND);
  return row;
}

/** Newest first; the cursor is the last order's id (opaque to the client), so no timestamp precision is lost. */
export async function listOrders(db: Executor, caller: ApiCaller, query: { limit: number; cursor?: string }): Promise<{ data: OrderSummary[]; nextCursor: string | null }> {
  let after: string | null = null;
  if (query.cursor) {
    const decoded = Buffer.from(query.cursor, 'base64url').toString('utf8');
    if (!/^o:[A-Za-z0-9_-]{1,64}$/.test(decoded)) throw new ProblemError(400, 'Invalid cursor');
    after = decoded.slice(2);
  }
  const mine = customerCanSee(caller.userId);
  const where = after
    ? and(
        mine,
        sql`(${submissions.createdAt}, ${submissions.id}) < (select s.created_at, s.id from submissions s where s.id = ${after} and ${customerCanSee(caller.userId, 's')})`,
      )
    : mine;
  const rows = await db
    .select()
    .from(submissions)
    .where(where)
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return {
    data: page.map(summary),
    nextCursor: more ? Buffer.from(`o:${page[page.length - 1]!.id}`, 'utf8').toString('base64url') : null,
  };
}

/** A canonical JSON (sorted keys) of the validated request, so the same body in another key order is the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonical(body)}`).digest('hex');
}

export interface IdempotentAnswer {
  statusCode: number;
  body: V1Order;
  replayed: boolean;
}

/**
 * POST /api/v1/orders (decision 024). One transaction: claim the Idempotency-Key (the primary key (user, key); a
 * second request with the key waits on the first one's row and then reads its stored answer), create the order, pay
 * it from credit, store the answer. A failure (402, a 400) rolls the claim back, so the key can be used again once
 * the cause is fixed; a success is answered the same for 24 hours and more, never created or charged twice.
 */
export async function createOrderIdempotently(
  db: Database,
  context: FeatureContext,
  caller: ApiCaller,
  input: OrderInput,
  idempotencyKey: string,
): Promise<IdempotentAnswer> {
  const hash = requestHash('POST', '/api/v1/orders', input);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(apiIdempotency)
      .values({ userId: caller.userId, key: idempotencyKey, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: apiIdempotency.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(apiIdempotency)
        .where(and(eq(apiIdempotency.userId, caller.userId), eq(apiIdempotency.key, idempotencyKey)))
        .limit(1);
      if (!stored || stored.statusCode === null || stored.responseBody === null) {
        throw new ProblemError(409, 'A request with this Idempotency-Key is still being processed. Retry shortly.', {}, 'idempotency-key-in-use');
      }
      if (stored.requestHash !== hash) {
        throw new ProblemError(422, 'This Idempotency-Key was already used with a different request body. Use a new key for a new order.');
      }
      return { statusCode: stored.statusCode, body: JSON.parse(stored.responseBody) as V1Order, replayed: true };
    }
    const created = await insertOrder(tx, caller.userId, {
      content: input.content,
      serviceTier: input.serviceTier,
      category: input.category,
      fastTurnaround: input.fastTurnaround,
      tone: input.tone,
      targetAudience: input.targetAudience,
      englishVariant: input.englishVariant,
      instructions: input.instructions,
      additionalNotes: input.additionalNotes,
      contactName: input.contactName || caller.name,
      contactEmail: input.contactEmail ?? caller.email,
      contactPhone: '',
      contactWebsite: '',
      fileName: input.title,
      editorialResponsibility: input.editorialResponsibility,
    });
    const paid = await payOrderFromCredit(tx, context, created);
    const body = await toV1Order(tx, paid);
    await tx
      .update(apiIdempotency)
      .set({ statusCode: 201, responseBody: JSON.stringify(body) })
      .where(and(eq(apiIdempotency.userId, caller.userId), eq(apiIdempotency.key, idempotencyKey)));
    return { statusCode: 201, body, replayed: false };
  });
}

export async function listOrderMessages(db: Executor, orderId: string): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.submissionId, orderId)).orderBy(asc(messages.createdAt), asc(messages.id));
}

export function toV1Message(row: Pick<MessageRow, 'id' | 'submissionId' | 'content' | 'isFromAdmin' | 'createdAt'>) {
  return {
    id: row.id,
    orderId: row.submissionId,
    content: row.content,
    from: row.isFromAdmin ? ('team' as const) : ('customer' as const),
    createdAt: row.createdAt.toISOString(),
  };
}
