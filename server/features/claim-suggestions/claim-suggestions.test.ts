/** Issue 23, item 2: suggested claims found once an order is paid, and served to the review team. */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimSuggestion } from '../../../shared/claim-suggestions.schema';
import { claimSuggestions } from '../../db/schema';
import { createOrder, createPaidOrder } from '../../test-support/orders';
import { createTestApp, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { suggestClaimsRound } from './stored-suggestions';
import { suggestClaims } from './suggest-claims';

const CONTENT = 'The Eiffel Tower was completed in 1889. It is lovely at night. About 7 million people visit it every year.';

let t: TestApp;
let customer: SignedInUser;
let reviewer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signUp(t.app);
  reviewer = await signUpReviewer(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Whether the tests run on a PostgreSQL server (TEST_DATABASE_URL), where a second connection can hold a lock. */
function usesPostgres(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL?.trim());
}

const stored = async (id: string) => t.app.db.select().from(claimSuggestions).where(eq(claimSuggestions.submissionId, id));

describe('suggested claims (issue 23)', () => {
  it('the job finds them for paid orders only, once, and the API serves them', async () => {
    const paid = await createPaidOrder(t.app, customer, { content: CONTENT, serviceTier: 'fact-checked' });
    const unpaid = await createOrder(t.app, customer, { content: CONTENT });
    expect(await suggestClaimsRound(t.app.db)).toBeGreaterThanOrEqual(1);
    expect(await stored(paid)).toHaveLength(1);
    expect(await stored(unpaid)).toHaveLength(0);
    expect(await suggestClaimsRound(t.app.db)).toBe(0); // nothing left to do

    const response = await t.request('GET', `/api/admin/submissions/${paid}/suggestions`, reviewer);
    expect(response.statusCode).toBe(200);
    const { claims } = response.json() as { claims: ClaimSuggestion[] };
    expect(claims.map((c) => c.text)).toEqual(['The Eiffel Tower was completed in 1889.', 'About 7 million people visit it every year.']);
    for (const c of claims) expect(CONTENT.slice(c.start, c.end)).toBe(c.text);
    expect(claims[0]).toMatchObject({ kinds: expect.arrayContaining(['date', 'entity']) });
    expect(claims[1]).toMatchObject({ kinds: ['number'] });
  });

  it('finds them on request for an order the job has not reached, and keeps them', async () => {
    const paid = await createPaidOrder(t.app, customer, { content: CONTENT });
    expect(await stored(paid)).toHaveLength(0);
    const response = await t.request('GET', `/api/admin/submissions/${paid}/suggestions`, reviewer);
    expect((response.json() as { claims: ClaimSuggestion[] }).claims).toHaveLength(2);
    expect(await stored(paid)).toHaveLength(1);
  });

  // Another connection (the job's batch) holds the order's new row uncommitted: PostgreSQL only, PGlite has one.
  it.skipIf(!usesPostgres())('computes without holding the orders: a save or a status move meanwhile does not wait (decision 081)', async () => {
    const paid = await createPaidOrder(t.app, customer, { content: CONTENT });
    const reviewerSide = new pg.Client({ connectionString: t.database.databaseUrl! });
    await reviewerSide.connect();
    const meanwhile: unknown[] = [];
    try {
      const found = await suggestClaimsRound(t.app.db, async (content) => {
        // What a save does first: the order's row, FOR UPDATE; NOWAIT fails at once if the job held it.
        await reviewerSide.query('begin');
        try {
          await reviewerSide.query('select id from submissions where id = $1 for update nowait', [paid]);
          meanwhile.push('locked');
        } catch (error) {
          meanwhile.push((error as { code?: string }).code);
        } finally {
          await reviewerSide.query('rollback');
        }
        return suggestClaims(content);
      });
      expect(found).toBeGreaterThanOrEqual(1);
    } finally {
      await reviewerSide.end();
    }
    expect(meanwhile.length).toBeGreaterThanOrEqual(1);
    expect(new Set(meanwhile)).toEqual(new Set(['locked']));
    expect(await stored(paid)).toHaveLength(1);
  });

  it.skipIf(!usesPostgres())('two rounds at once share the orders out: each order once', async () => {
    const ids = [await createPaidOrder(t.app, customer, { content: CONTENT }), await createPaidOrder(t.app, customer, { content: CONTENT })];
    const seen: string[] = [];
    const counting = (content: string) => {
      seen.push(content);
      return suggestClaims(content);
    };
    const [a, b] = await Promise.all([suggestClaimsRound(t.app.db, counting), suggestClaimsRound(t.app.db, counting)]);
    expect(a + b).toBe(seen.length);
    for (const id of ids) expect(await stored(id)).toHaveLength(1);
  });

  it.skipIf(!usesPostgres())('answers at once while the job is storing the same order’s suggestions, and never 503', async () => {
    const paid = await createPaidOrder(t.app, customer, { content: CONTENT });
    const job = new pg.Client({ connectionString: t.database.databaseUrl! });
    await job.connect();
    try {
      await job.query('begin');
      await job.query('insert into claim_suggestions (submission_id, claims) values ($1, $2)', [paid, JSON.stringify([])]);
      const response = await t.request('GET', `/api/admin/submissions/${paid}/suggestions`, reviewer);
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { claims: ClaimSuggestion[] }).claims).toHaveLength(2);
    } finally {
      await job.query('rollback');
      await job.end();
    }
  });

  it('is for the review team only', async () => {
    const paid = await createPaidOrder(t.app, customer, { content: CONTENT });
    expect((await t.request('GET', `/api/admin/submissions/${paid}/suggestions`, customer)).statusCode).toBe(403);
    expect((await t.request('GET', `/api/admin/submissions/${paid}/suggestions`)).statusCode).toBe(401);
    expect((await t.request('GET', '/api/admin/submissions/NOSUCHORDER/suggestions', reviewer)).statusCode).toBe(404);
  });
});
