import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRACTION_MESSAGES } from '../../../shared/text-extraction';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { docxBomb, pdfFlateBomb, pdfManyPages, pdfMuchText } from './bombs';
import { extractionPool, ExtractionPool } from './extraction-pool';
import { EXTRACTION_LIMITS, RETRY_AFTER_SECONDS } from './limits';
import { checkZipExpansion, ExtractionLimitError } from './zip-guard';

const MB = 1024 * 1024;
/** The bound this suite holds the server to: uploads held in memory while queued, plus slack for the GC. */
const SERVER_RSS_GROWTH_LIMIT = 200 * MB;
/** A child is killed once seen above EXTRACTION_LIMITS.rssMb; it can grow a little between two checks. */
const CHILD_RSS_LIMIT = (EXTRACTION_LIMITS.rssMb + 128) * MB;

let t: TestApp;
let base: string;
let customer: SignedInUser;
const bombs = {} as Record<'docx300' | 'docx200' | 'pdfPages' | 'pdfText' | 'pdfFlate', Buffer>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  customer = await signUp(t.app);
  bombs.docx300 = await docxBomb(300);
  bombs.docx200 = await docxBomb(200, { lieAboutSize: true });
  bombs.pdfPages = pdfManyPages(50_000);
  bombs.pdfText = pdfMuchText(400);
  bombs.pdfFlate = await pdfFlateBomb(400);
}, 120_000);
afterAll(async () => t.close());

async function upload(body: Buffer, fileName: string) {
  const response = await fetch(`${base}/api/extract-text`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': fileName },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe('hostile uploads', () => {
  it('are what the finding describes: small files that unpack to hundreds of MB or 50,000 pages', () => {
    expect(bombs.docx300.length).toBeLessThan(1.2 * MB);
    expect(bombs.docx200.length).toBeLessThan(0.8 * MB);
    expect(bombs.pdfPages.length).toBeLessThan(8 * MB);
    expect(bombs.pdfFlate.length).toBeLessThan(MB);
  });

  it('each get a clear 422 (how fast: scripts/bench-extraction-abuse.mjs)', async () => {
    const cases = [
      ['docx300', 'report.docx', EXTRACTION_MESSAGES.tooComplex],
      ['docx200', 'lying-sizes.docx', EXTRACTION_MESSAGES.tooComplex],
      ['pdfPages', 'pages.pdf', EXTRACTION_MESSAGES.tooComplex],
      ['pdfText', 'much-text.pdf', EXTRACTION_MESSAGES.tooMuchText],
      ['pdfFlate', 'flate.pdf', EXTRACTION_MESSAGES.tooComplex],
    ] as const;
    for (const [bomb, name, message] of cases) {
      const result = await upload(bombs[bomb], name);
      expect(result.status, name).toBe(422);
      expect(result.body, name).toMatchObject({ message });
    }
  }, 180_000);

  // How fast the others answer meanwhile is a benchmark's question (scripts/bench-extraction-abuse.mjs, p99 < 1 s).
  it('leave /healthz and a signed-in page answering and the memory bounded', async () => {
    // Let the previous test's garbage go before taking the baseline.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = process.memoryUsage.rss();
    extractionPool.peakChildRssBytes = 0;
    let peakServerRss = baseline;
    let probes = 0;
    const statuses: number[] = [];
    let attacking = true;
    const attack = Promise.all([
      upload(bombs.docx300, 'a.docx'),
      upload(bombs.pdfPages, 'b.pdf'),
      upload(bombs.pdfFlate, 'c.pdf'),
      upload(bombs.docx200, 'd.docx'),
    ]).finally(() => {
      attacking = false;
    });
    const probe = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${path}`, { headers });
      await response.arrayBuffer();
      probes += 1;
      statuses.push(response.status);
    };
    while (attacking) {
      await Promise.all([probe('/healthz'), probe('/api/submissions', { cookie: customer.cookie })]);
      peakServerRss = Math.max(peakServerRss, process.memoryUsage.rss());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const results = await attack;

    // Two run, two queue; on a loaded machine a queued one may wait past its 10 s and be told to retry.
    for (const result of results) {
      expect([422, 503]).toContain(result.status);
      expect(result.body.message).toBe(result.status === 422 ? EXTRACTION_MESSAGES.tooComplex : EXTRACTION_MESSAGES.busy);
    }
    expect(results.filter((r) => r.status === 422).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(probes).toBeGreaterThan(10);
    expect(peakServerRss - baseline).toBeLessThan(SERVER_RSS_GROWTH_LIMIT);
    expect(extractionPool.peakChildRssBytes).toBeGreaterThan(0);
    expect(extractionPool.peakChildRssBytes).toBeLessThan(CHILD_RSS_LIMIT);
  }, 120_000);

  it('beyond the running and queued ones, answers 503 with Retry-After before reading the body', async () => {
    const send = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/extract-text',
        remoteAddress: `10.99.0.${i + 1}`,
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'bomb.docx' },
        payload: bombs.docx300,
      });
    const total = EXTRACTION_LIMITS.concurrency + EXTRACTION_LIMITS.queueLength + 3;
    const responses = await Promise.all(Array.from({ length: total }, (_, i) => send(i)));
    const busy = responses.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(3);
    for (const response of busy) {
      expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(response.json()).toMatchObject({ message: EXTRACTION_MESSAGES.busy });
    }
    expect(responses.filter((r) => r.statusCode === 422).length).toBe(total - busy.length);
  }, 120_000);
});

describe('ExtractionPool', () => {
  it('gives up on a file after the wall-clock limit, and answers busy when no slot frees up in time', async () => {
    const pool = new ExtractionPool({ ...EXTRACTION_LIMITS, concurrency: 1, timeoutMs: 300, queueWaitMs: 100 });
    const [slow, queued] = await Promise.all([pool.extract('pdf', bombs.pdfPages), pool.extract('txt', Buffer.from('hi there'))]);
    expect(slow).toMatchObject({ ok: false, reason: 'tooComplex', detail: 'took longer than 300 ms' });
    expect(queued).toBe('busy');
  }, 60_000);

  it('kills a child that passes its memory limit', async () => {
    const pool = new ExtractionPool({ ...EXTRACTION_LIMITS, rssMb: 150 });
    expect(await pool.extract('pdf', bombs.pdfFlate)).toMatchObject({ ok: false, reason: 'tooComplex', detail: 'used more than 150 MB' });
  }, 60_000);
});

describe('checkZipExpansion', () => {
  it('counts the bytes really inflated, not the sizes the zip declares', async () => {
    expect(() => checkZipExpansion(bombs.docx200, { maxBytes: 32 * MB, maxEntries: 100 })).toThrow(ExtractionLimitError);
    const small = await docxBomb(1, { lieAboutSize: true });
    expect(checkZipExpansion(small, { maxBytes: 32 * MB, maxEntries: 100 })).toBeGreaterThan(MB);
    expect(() => checkZipExpansion(small, { maxBytes: 32 * MB, maxEntries: 2 })).toThrow(ExtractionLimitError);
  });
});
