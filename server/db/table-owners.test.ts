/**
 * Who may write each table (issue 41): every table in schema.ts lists the folders that insert, update or delete its
 * rows, and a write from anywhere else fails here with the file and the table. `status-writes.test.ts` goes further
 * for one column: only the order lifecycle writes `submissions.status`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * `account` appears beside many owners for one reason: deleting an account and the retention purge (decision 014)
 * erase or anonymise what the account left in every table, in one transaction of their own.
 */
const ERASURE = 'account';

/** Each table's writers: folders under server/features (by name), or `server/<dir>` for the base folders. */
const OWNERS: Record<string, string[]> = {
  users: ['auth', 'profile', 'team', ERASURE],
  sessions: [ERASURE],
  accounts: [ERASURE],
  verifications: [ERASURE],
  rate_limits: ['server/lib', ERASURE],
  team_invitations: ['team'],
  organisations: ['organisations'],
  organisation_members: ['organisations'],
  organisation_invitations: ['organisations'],
  // An account's billing details, or (set by its owners) an organisation's.
  billing_details: ['billing-documents', 'organisations', ERASURE],
  // The house style: an account's, or an organisation's (its owners').
  style_guides: ['style-guide', 'organisations', ERASURE],
  // The order: created by customer-orders, moved only by orders (status-writes.test.ts); the review's draft by
  // review-desk; an organisation's leaving members' orders.
  submissions: ['customer-orders', 'orders', 'order-titles', 'review-desk', 'organisations', ERASURE],
  // The desk's own state of an order (decision 075): the claim, the draft's version and the due-soon mark by
  // review-desk, the review's running effort by review-effort. Its copy of the order's due key is written by the
  // database's triggers alone (decision 082).
  review_desk_orders: ['review-desk', 'review-effort'],
  submission_status_changes: ['orders'],
  order_events: ['orders'],
  live_events: ['live-updates'],
  payments: ['payments', 'credit', ERASURE],
  refunds: ['payments'],
  deliveries: ['review-desk', 'delivery-diff', ERASURE],
  // The on-time guarantee's one record per late order (decision 068).
  late_deliveries: ['on-time-guarantee'],
  // A delivery's rating (its customer's), and the audit a low rating opens and another reviewer closes (decision 068).
  order_ratings: ['ratings'],
  order_audits: ['ratings', 'audits'],
  // A second reviewer's sign-off of a sampled completion (decision 073).
  order_sign_offs: ['sign-offs'],
  delivery_efforts: ['review-effort'],
  // Reviewers a customer prefers or blocks, and an administrator's assignment to a blocked one (decision 074).
  reviewer_preferences: ['reviewer-preferences'],
  blocked_assignments: ['reviewer-preferences'],
  insights_days: ['insights'],
  insights_turnaround_days: ['insights'],
  insights_turnaround_months: ['insights'],
  insights_reviewer_days: ['insights'],
  insights_dirty_days: ['insights'],
  claim_suggestions: ['claim-suggestions'],
  link_checks: ['link-checks'],
  review_decisions: ['review-decisions'],
  reviewer_words: ['review-decisions'],
  certificate_keys: ['certificates'],
  certificates: ['certificates'],
  certificate_credentials: ['credentials'],
  // The editorial-control record of each delivery, the reviewers' stable numbers, and the default editor (issue 43).
  editorial_records: ['editorial-records', ERASURE],
  reviewer_numbers: ['editorial-records'],
  editorial_defaults: ['editorial-records', ERASURE],
  payment_events: ['payments'],
  messages: ['messages', ERASURE],
  review_documents: ['uploads', ERASURE],
  fact_check_claims: ['fact-check', ERASURE],
  email_outbox: ['server/mail', ERASURE],
  contact_messages: ['contact'],
  newsletter_subscribers: ['contact'],
  api_keys: ['api-keys', 'organisations', ERASURE],
  credit_purchases: ['credit'],
  api_idempotency: ['api-v1', ERASURE],
  webhook_endpoints: ['webhooks', ERASURE],
  webhook_deliveries: ['webhooks'],
  webhook_attempts: ['webhooks'],
  document_number_series: ['billing-documents'],
  billing_documents: ['billing-documents'],
  order_purchase_orders: ['billing-documents'],
  payment_customers: ['payments', ERASURE],
  saved_cards: ['payments', ERASURE],
};

interface Table {
  variable: string;
  name: string;
}

/** The tables schema.ts declares: the exported drizzle variable and the SQL name. */
export function declaredTables(schema: string): Table[] {
  return [...schema.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => ({ variable: m[1]!, name: m[2]! }));
}

/** The tables a piece of code writes: drizzle's insert/update/delete of the table's variable, or raw SQL naming it. */
export function tablesWritten(source: string, tables: readonly Table[]): string[] {
  return tables
    .filter(({ variable, name }) => {
      const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${variable}\\s*\\)`);
      const rawSql = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${name}"?(\\s|$|\\()`, 'i');
      return drizzle.test(source) || rawSql.test(source);
    })
    .map(({ name }) => name);
}

/** `server/features/<name>/…` is owned by `<name>`; `server/<dir>/…` by `server/<dir>`. */
function ownerOf(file: string): string {
  const parts = file.split(path.sep);
  return parts[1] === 'features' ? parts[2]! : `${parts[0]}/${parts[1]}`;
}

function productFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((entry) => {
    const rel = path.join(dir, entry);
    if (statSync(path.join(ROOT, rel)).isDirectory()) return entry === 'migrations' || entry === 'test-support' ? [] : productFiles(rel);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [rel] : [];
  });
}

describe('each table has its owners (issue 41)', () => {
  const tables = declaredTables(readFileSync(path.join(ROOT, 'server', 'db', 'schema.ts'), 'utf8'));

  it('every table in the schema has its list of owners, and every listed table exists', () => {
    expect(tables.map((t) => t.name).sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it('no folder writes a table it does not own', () => {
    const strays: string[] = [];
    const seen = new Map<string, Set<string>>();
    for (const file of productFiles('server')) {
      if (file === path.join('server', 'db', 'schema.ts')) continue;
      const owner = ownerOf(file);
      for (const table of tablesWritten(readFileSync(path.join(ROOT, file), 'utf8'), tables)) {
        if (!seen.has(table)) seen.set(table, new Set());
        seen.get(table)!.add(owner);
        if (!(OWNERS[table] ?? []).includes(owner)) strays.push(`${file} writes ${table}, which ${owner} does not own`);
      }
    }
    expect(strays).toEqual([]);
    // And every owner listed really writes the table, so the lists stay a description of the code, not a licence.
    const idle = Object.entries(OWNERS).flatMap(([table, owners]) =>
      owners.filter((owner) => !seen.get(table)?.has(owner)).map((owner) => `${owner} is listed for ${table} but never writes it`),
    );
    expect(idle).toEqual([]);
  });

  it('the scan sees each way of writing a table, and not a read', () => {
    const sample: Table[] = [{ variable: 'webhookDeliveries', name: 'webhook_deliveries' }];
    const writes = [
      'await tx.insert(webhookDeliveries).values(rows);',
      'await tx\n  .update( webhookDeliveries )\n  .set({ leaseUntil: null });',
      'await db.delete(webhookDeliveries).where(x);',
      'await tx.execute(sql`insert into webhook_deliveries (id) values (${id})`);',
      'await tx.execute(sql`UPDATE "webhook_deliveries" SET lease_until = null`);',
      'await tx.execute(sql`delete from webhook_deliveries where id = ${id}`);',
    ];
    for (const source of writes) expect(tablesWritten(source, sample), source).toEqual(['webhook_deliveries']);
    const reads = [
      'await db.select().from(webhookDeliveries);',
      'await tx.execute(sql`select * from webhook_deliveries for update skip locked`);',
      'await tx.update(webhookDeliveriesArchive).set({});',
    ];
    for (const source of reads) expect(tablesWritten(source, sample), source).toEqual([]);
  });
});
