import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const LIFECYCLE_DIR = path.join('server', 'features', 'orders');

/** Where a piece of code writes `submissions.status`: a `.update(submissions)` whose `.set(...)` names `status`, or SQL that does. */
export function statusWrites(source: string): string[] {
  const found: string[] = [];
  // Drizzle: from `.update(submissions)` to the end of its statement.
  for (const match of source.matchAll(/\.update\(\s*submissions\s*\)/g)) {
    const rest = source.slice(match.index);
    const end = rest.search(/;\s*(\n|$)/);
    const statement = end === -1 ? rest : rest.slice(0, end);
    const set = /\.set\(([\s\S]*)/.exec(statement)?.[1] ?? '';
    if (/(^|[{,\s])status\s*[:,}]/.test(set) || /\bstatus\s*:/.test(set)) found.push(statement.slice(0, 120));
    // `.set(someObject)`: the object must not be given a status anywhere in the file.
    const variable = /^\s*\{?\s*\.\.\.\s*([A-Za-z_$][\w$]*)|^\s*([A-Za-z_$][\w$]*)\s*\)/.exec(set);
    const name = variable?.[1] ?? variable?.[2];
    if (name && new RegExp(`\\b${name}\\.status\\s*=|\\b${name}\\[['"]status['"]\\]\\s*=`).test(source)) found.push(`${name}.status = …`);
  }
  // Raw SQL.
  for (const match of source.matchAll(/update\s+"?submissions"?\s+set\b[^;`]*?\bstatus\s*=/gi)) found.push(match[0].slice(0, 120));
  return found;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, entry);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(rel);
  }
  return out;
}

describe('only the order lifecycle writes an order status (decision 029)', () => {
  it('no file outside server/features/orders writes submissions.status', () => {
    const offenders = sourceFiles('server')
      .filter((file) => !file.startsWith(LIFECYCLE_DIR) && !file.startsWith(path.join('server', 'test-support')))
      .flatMap((file) => statusWrites(readFileSync(path.join(ROOT, file), 'utf8')).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
    // And the lifecycle itself does write it (the scan would notice it there).
    expect(statusWrites(readFileSync(path.join(ROOT, LIFECYCLE_DIR, 'transition.ts'), 'utf8'))).not.toEqual([]);
  });

  it('the scan catches each way of writing it', () => {
    const writes = [
      `await tx.update(submissions).set({ status: 'paid' }).where(eq(submissions.id, id));`,
      `await tx\n  .update(submissions)\n  .set({\n    paidAt: now,\n    status: to,\n  })\n  .where(x);`,
      `const status = 'cancelled';\nawait db.update(submissions).set({ updatedAt: now, status }).where(x);`,
      `const set = { updatedAt: now };\nset.status = to;\nawait tx.update(submissions).set(set).where(x);`,
      `const patch = {};\npatch.status = 'completed';\nawait tx.update(submissions).set({ ...patch, updatedAt: now });`,
      'await tx.execute(sql`UPDATE submissions SET updated_at = now(), status = ${to} WHERE id = ${id}`);',
      'await tx.execute(sql`update "submissions" set status = \'paid\'`);',
    ];
    for (const source of writes) expect(statusWrites(source), source).not.toEqual([]);
    const fine = [
      `await tx.update(submissions).set({ claimedBy: null }).where(and(eq(submissions.id, id), ne(submissions.status, 'cancelled')));`,
      `await tx.update(submissions).set({ dueSoonNotifiedFor: sql\`\${submissions.dueDate}\` }).where(eq(submissions.id, row.id));`,
      `await tx.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, id));`,
    ];
    for (const source of fine) expect(statusWrites(source), source).toEqual([]);
  });

  it('the e-mails and webhooks of a move are raised only by the consumers of order events', () => {
    // Each is a consumer of the event `transition` records, kept by its feature and listed in
    // server/features/index.ts; a caller that sent one itself would send it twice, or for a move that did not happen.
    const raisers = /\b(notifyPaymentReceived|notifyReviewStarted|notifyReviewCompleted|notifyRevisionRequested|notifyOrderCancelled|enqueueStatusEvent)\s*\(/g;
    const consumers = [path.join('server', 'mail', 'order-emails.ts'), path.join('server', 'features', 'webhooks', 'order-events.ts')];
    const offenders = sourceFiles('server')
      .filter((file) => !consumers.includes(file) && !file.startsWith(path.join('server', 'test-support')))
      .flatMap((file) =>
        [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(raisers)]
          .filter((m) => !/(function|export)\s*$/.test(readFileSync(path.join(ROOT, file), 'utf8').slice(Math.max(0, m.index - 20), m.index)))
          .map((m) => `${file}: ${m[1]}`),
      );
    expect(offenders).toEqual([]);
    for (const consumer of consumers) expect(readFileSync(path.join(ROOT, consumer), 'utf8')).toMatch(raisers);
  });
});
