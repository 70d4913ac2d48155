import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeReview, customerWithKey, startRunningApp, words, type Customer, type RunningApp } from '../../server/test-support/agents';
import { schemaSource } from './scripts/schema-source';
import { createHumanProof, HumanProofError, problemOf } from './src';

/**
 * The SDK (issue 46) against the running app, over real HTTP: its types are what the app serves (drift), its calls
 * answer the API's data, and every refusal is a HumanProofError carrying the API's problem details.
 */
let run: RunningApp;
let rich: Customer;

beforeAll(async () => {
  run = await startRunningApp();
  rich = await customerWithKey(run);
});
afterAll(async () => run.close());

describe('the generated types', () => {
  it('are exactly what openapi-typescript makes of the /api/v1 OpenAPI document the app serves now (drift)', async () => {
    const served = (await (await fetch(`${run.baseUrl}/api/v1/openapi.json`)).json()) as Record<string, unknown>;
    const committed = readFileSync(path.join(import.meta.dirname, 'src/schema.ts'), 'utf8');
    // On failure: npm run generate -w @humanproof/sdk, and commit packages/sdk/src/schema.ts.
    expect(committed, 'packages/sdk/src/schema.ts is stale: run `npm run generate -w @humanproof/sdk`').toBe(await schemaSource(served));
    // Every /api/v1 path the app serves is in them, so the drift check is not vacuous.
    for (const p of Object.keys(served.paths as object)) expect(committed).toContain(`"${p}": {`);
  });
});

describe('the SDK against the running app', () => {
  it('quotes, orders from credit (a retry with the same key orders once), reads the order and lists it', async () => {
    const hp = createHumanProof({ baseUrl: run.baseUrl, apiKey: rich.key });
    const quote = await hp.quote({ content: words(1000), serviceTier: 'polished', fastTurnaround: true });
    expect(quote).toMatchObject({ wordCount: 1000, pricePence: 9000, currency: 'gbp', balancePence: 5000 });

    const input = { content: words(100, 'sdk'), serviceTier: 'polished' as const, category: 'blog-post' as const };
    const order = await hp.createOrder(input, { idempotencyKey: 'sdk-test-1' });
    expect(order).toMatchObject({ status: 'paid', pricePence: 600, wordCount: 100 });
    expect((await hp.createOrder(input, { idempotencyKey: 'sdk-test-1' })).id).toBe(order.id);

    expect((await hp.getOrder(order.id)).id).toBe(order.id);
    expect((await hp.listOrders({ limit: 5 })).data.map((o) => o.id)).toContain(order.id);
    const message = await hp.sendMessage(order.id, 'Please keep the headline.');
    expect(message).toMatchObject({ orderId: order.id, from: 'customer' });
    expect((await hp.listMessages(order.id)).map((m) => m.id)).toContain(message.id);
    expect((await hp.quote({ content: words(10), serviceTier: 'polished' })).balancePence).toBe(4400);
  });

  it('downloads the delivery (text, Word file, fact-check PDF) and the certificate once completed, and checks keys', async () => {
    const hp = createHumanProof({ baseUrl: run.baseUrl, apiKey: rich.key });
    const order = await hp.createOrder({ content: words(50, 'files'), serviceTier: 'polished', category: 'general' });
    await expect(hp.reviewedDocx(order.id)).rejects.toMatchObject({ status: 404, detail: 'The review is not ready yet' });
    await completeReview(run, order.id, `Reviewed: ${words(50, 'files')}`);
    const done = await hp.getOrder(order.id);
    expect(done.result?.reviewedContent).toBe(`Reviewed: ${words(50, 'files')}`);
    const code = done.result!.certificateCode!;
    expect(code).toMatch(/^HP-/);
    expect(Buffer.from(await hp.reviewedDocx(order.id)).subarray(0, 2).toString()).toBe('PK');
    expect(Buffer.from(await hp.factCheckReport(order.id)).subarray(0, 4).toString()).toBe('%PDF');
    const certificate = await createHumanProof({ baseUrl: run.baseUrl }).getCertificate(code);
    expect(certificate).toMatchObject({ visibility: 'public', code, status: 'valid' });
    expect((await hp.publishedKeys()).length).toBeGreaterThan(0);
  });

  it('throws the API problem details on every refusal: no credit (402), a bad key (401), another account’s order (404), bad input (400)', async () => {
    const poor = await customerWithKey(run, { credit: 0 });
    const broke = createHumanProof({ baseUrl: run.baseUrl, apiKey: poor.key });
    const refused = await broke.createOrder({ content: words(100), serviceTier: 'polished', category: 'general' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HumanProofError);
    const problem = (refused as HumanProofError).problem;
    expect(problem).toMatchObject({ type: expect.stringMatching(/insufficient-credit$/), title: 'Payment Required', status: 402, shortfallPence: 600 });
    expect(problem.detail).toContain('Your credit does not cover this order.');
    expect(problem.instance).toMatch(/^urn:request:/);

    const stranger = createHumanProof({ baseUrl: run.baseUrl, apiKey: 'hp_live_notakey' });
    await expect(stranger.listOrders()).rejects.toMatchObject({ status: 401, title: 'Unauthorized', detail: expect.stringContaining('Send a valid API key') });

    const mine = await createHumanProof({ baseUrl: run.baseUrl, apiKey: rich.key }).createOrder({ content: words(20), serviceTier: 'polished', category: 'general' });
    await expect(broke.getOrder(mine.id)).rejects.toMatchObject({ status: 404, detail: 'Order not found' });
    await expect(broke.reviewedDocx(mine.id)).rejects.toMatchObject({ status: 404, detail: 'Order not found' });

    const invalid = await broke.quote({ content: 'short', serviceTier: 'polished' }).catch((e: unknown) => e as HumanProofError);
    expect(invalid).toMatchObject({ status: 400, type: expect.stringMatching(/invalid-request$/) });
    expect((invalid as HumanProofError).problem.errors).toEqual([expect.objectContaining({ path: 'body.content' })]);
  });

  it('says so as a problem when the site cannot be reached, without the key', async () => {
    const closed = createHumanProof({ baseUrl: 'http://127.0.0.1:9', apiKey: 'hp_live_secret-never-shown' });
    const error = (await closed.listOrders().catch((e: unknown) => e)) as HumanProofError;
    expect(error).toBeInstanceOf(HumanProofError);
    expect(error.problem).toMatchObject({ status: 0, title: 'Network error', type: 'about:blank' });
    expect(error.detail).toContain('http://127.0.0.1:9');
    expect(JSON.stringify(error.problem)).not.toContain('secret-never-shown');
  });

  it('reads the rest of the site’s { message, requestId } and a bare answer as problems too', async () => {
    const json = new Response(JSON.stringify({ message: 'Too many attempts', requestId: 'r1' }), { status: 429, headers: { 'content-type': 'application/json' } });
    expect(problemOf(json, { message: 'Too many attempts', requestId: 'r1' })).toEqual({ type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Too many attempts', instance: 'urn:request:r1' });
    expect(problemOf(new Response('<html>', { status: 502 }), '<html>')).toMatchObject({ status: 502, title: 'Bad Gateway', detail: 'HTTP 502 Bad Gateway' });
    // A real one: the session API (outside /api/v1) answers { message, requestId }.
    const session = await fetch(`${run.baseUrl}/api/submissions`);
    const body = (await session.json()) as { message: string; requestId: string };
    expect(problemOf(session, body)).toEqual({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: body.message, instance: `urn:request:${body.requestId}` });
  });
});
