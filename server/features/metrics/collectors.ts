import { and, count, eq, exists, gt, inArray, isNotNull, lt, min, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { CLAIM_LAPSE_MS } from '../../../shared/review.schema';
import type { DatabaseHandle } from '../../db/client';
import { emailOutbox, reviewDeskOrders, submissions } from '../../db/schema';

/** The label for a request no route matched: never the raw URL (unbounded, and it may carry secrets). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface AppMetrics {
  registry: Registry;
  requestDuration: Histogram<'route' | 'method' | 'status_class'>;
}

/**
 * One registry per app (two apps in one process, as in tests, never share series). The gauges read the database
 * and the job runner when Prometheus scrapes, so every instance reports the same shared figures and nothing is
 * kept in memory between scrapes except the request histogram, which is this instance's own.
 */
export function createMetrics(app: FastifyInstance, database: DatabaseHandle): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'jobs',
    help: 'Background jobs per queue and state (waiting, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await app.jobs.counts()) {
        this.set({ queue: q.queue, state: 'waiting' }, q.waiting);
        this.set({ queue: q.queue, state: 'active' }, q.active);
        this.set({ queue: q.queue, state: 'failed' }, q.failed);
      }
    },
  });

  new Gauge({
    name: 'email_oldest_unsent_age_seconds',
    help: 'Age of the oldest e-mail still waiting to be sent (0 when none)',
    registers: [registry],
    async collect() {
      const [row] = await app.db.select({ oldest: min(emailOutbox.createdAt) }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
      this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });

  new Gauge({
    name: 'orders',
    help: 'Orders by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await app.db.select({ status: submissions.status, n: count() }).from(submissions).groupBy(submissions.status);
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });

  /** A gauge that is the number of orders matching `where`, read at scrape time. */
  const ordersGauge = (name: string, help: string, where: () => SQL | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const [row] = await app.db.select({ n: count() }).from(submissions).where(where());
        this.set(Number(row?.n ?? 0));
      },
    });
  ordersGauge('orders_overdue', 'Unfinished orders past their due date', () =>
    and(inArray(submissions.status, ['paid', 'in-review', 'revision-requested']), lt(submissions.dueDate, new Date())),
  );
  // The claim is the review desk's (review_desk_orders, decision 075): one row per order at most.
  ordersGauge('claims_live', 'Orders a reviewer holds a live claim on', () =>
    exists(
      app.db
        .select({ one: sql`1` })
        .from(reviewDeskOrders)
        .where(
          and(
            eq(reviewDeskOrders.orderId, submissions.id),
            isNotNull(reviewDeskOrders.claimedBy),
            gt(reviewDeskOrders.claimActiveAt, new Date(Date.now() - CLAIM_LAPSE_MS)),
          ),
        ),
    ),
  );

  new Gauge({
    name: 'db_pool_waiting_clients',
    help: 'Requests waiting for a pooled database connection (always 0 on the embedded database)',
    registers: [registry],
    collect() {
      this.set(database.poolWaiting?.() ?? 0);
    },
  });

  return { registry, requestDuration };
}
