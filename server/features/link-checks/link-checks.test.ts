/** Issue 23, item 4: every URL and DOI of a paid order's text checked, through the webhooks' address vetting. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../../shared/api-v1.schema';
import {
  LINK_CHECK_MESSAGES,
  LINK_RECHECK_MESSAGES,
  LINK_RECHECKS_PER_ORDER_PER_MINUTE,
  type LinkCheck,
} from '../../../shared/link-checks.schema';
import { linkChecks } from '../../db/schema';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { checkLink } from './check-link';
import { findLinks } from './find-links';
import { checkLinksOf, checkLinksRound } from './stored-link-checks';

/** A local site: each path answers as its name says, and every request is counted. */
let server: http.Server;
let base: string;
const hits = new Map<string, number>();
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(`${req.method} ${path}`, (hits.get(`${req.method} ${path}`) ?? 0) + 1);
    if (path === '/ok') return void res.writeHead(200).end('fine');
    if (path === '/no-head') return void res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
    if (path === '/gone') return void res.writeHead(404).end();
    if (path === '/error') return void res.writeHead(503).end();
    if (path === '/hop1') return void res.writeHead(301, { location: '/hop2' }).end();
    if (path === '/hop2') return void res.writeHead(302, { location: `${base}/ok` }).end();
    const loop = /^\/loop(\d+)$/.exec(path);
    if (loop) return void res.writeHead(302, { location: `/loop${Number(loop[1]) + 1}` }).end();
    if (path === '/to-private') return void res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
    if (path === '/to-ftp') return void res.writeHead(302, { location: 'ftp://files.example/paper.pdf' }).end();
    if (path === '/hang' || path.startsWith('/hang?')) return; // never answers
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local = { allowLoopback: true, retryDelayMs: 0, timeoutMs: 300 };

describe('findLinks', () => {
  it('finds URLs without the sentence’s punctuation, DOIs as doi.org links, each once', () => {
    const text =
      'See https://example.com/a, and (https://en.wikipedia.org/wiki/Bridge_(structure)). Cited as doi:10.1038/s41586-020-2649-2; again https://doi.org/10.1038/s41586-020-2649-2 and https://example.com/a.';
    const links = findLinks(text);
    expect(links.map((l) => l.url)).toEqual([
      'https://example.com/a',
      'https://en.wikipedia.org/wiki/Bridge_(structure)',
      'https://doi.org/10.1038/s41586-020-2649-2',
    ]);
    for (const link of links) expect(text.slice(link.start, link.end)).toBe(link.text);
    expect(findLinks('No links here, only 10.5 litres.')).toEqual([]);
  });
});

describe('checkLink', () => {
  it('live, HEAD refused then GET, redirected (with where), broken with its status', async () => {
    expect(await checkLink(`${base}/ok`, local)).toMatchObject({ status: 'live', httpStatus: 200 });
    expect(await checkLink(`${base}/no-head`, local)).toMatchObject({ status: 'live', httpStatus: 200 });
    expect(hits.get('GET /no-head')).toBe(1);
    expect(await checkLink(`${base}/hop1`, local)).toEqual({ status: 'redirected', httpStatus: 200, finalUrl: `${base}/ok`, error: null });
    expect(await checkLink(`${base}/gone`, local)).toMatchObject({ status: 'broken', httpStatus: 404 });
  });

  it('follows at most 5 redirects', async () => {
    expect(await checkLink(`${base}/loop1`, local)).toMatchObject({ status: 'broken', error: 'More than 5 redirects' });
    expect(hits.get('HEAD /loop6')).toBe(1);
    expect(hits.get('HEAD /loop7')).toBeUndefined();
  });

  it('tries 3 times when the server fails or does not answer, then says so', async () => {
    expect(await checkLink(`${base}/error`, local)).toMatchObject({ status: 'broken', httpStatus: 503 });
    expect(hits.get('HEAD /error')).toBe(3);
    const hung = await checkLink(`${base}/hang`, local);
    expect(hung).toMatchObject({ status: 'unreachable', httpStatus: null });
    expect(hung.error).toMatch(/Timed out/);
    expect(hits.get('HEAD /hang')).toBe(3);
  });

  it('checks an order’s links within its time budget: what has not answered by then is unreachable, the rest as they answered', async () => {
    // Each hanging link takes 3 attempts of 10 s here; the budget ends the order's check long before that.
    const slow = { allowLoopback: true, retryDelayMs: 0, timeoutMs: 10_000 };
    const text = `Fine: ${base}/ok and slow: ${base}/hang?a and ${base}/hang?b and ${base}/hang?c and ${base}/hang?d.`;
    const results = await checkLinksOf(text, slow, 1_000);
    expect(results.map((r) => [r.url.replace(base, ''), r.status])).toEqual([
      ['/ok', 'live'],
      ['/hang?a', 'unreachable'],
      ['/hang?b', 'unreachable'],
      ['/hang?c', 'unreachable'],
      ['/hang?d', 'unreachable'],
    ]);
    expect(results.slice(1).every((r) => r.error === LINK_CHECK_MESSAGES.notCheckedInTime)).toBe(true);
  });

  it('never fetches a private address: directly, through a redirect, or loopback without the test switch', async () => {
    const privateLink = await checkLink('http://10.0.0.1/admin', local);
    expect(privateLink).toMatchObject({ status: 'unreachable', error: LINK_CHECK_MESSAGES.privateAddress });
    const redirected = await checkLink(`${base}/to-private`, local);
    expect(redirected).toMatchObject({ status: 'unreachable', finalUrl: 'http://10.0.0.1/admin' });
    const before = hits.get('HEAD /ok') ?? 0;
    expect((await checkLink(`${base}/ok`, { ...local, allowLoopback: false })).status).toBe('unreachable');
    expect(hits.get('HEAD /ok') ?? 0).toBe(before);
    // A name that resolves to a private address is refused before any connection.
    const rebinding = await checkLink('http://intranet.example/', { ...local, allowLoopback: false, resolve: async () => [{ address: '192.168.1.10', family: 4 }] });
    expect(rebinding.error).toBe(LINK_CHECK_MESSAGES.privateAddress);
  });

  it('says why a link was not fetched in the link checks’ own words, never the webhooks’, and does not retry a refusal', async () => {
    const nowhere = { ...local, allowLoopback: false, resolve: async () => Promise.reject(new Error('ENOTFOUND')) };
    const cases: [string, typeof local & { resolve?: unknown }, string][] = [
      ['http://10.0.0.1/admin', local, LINK_CHECK_MESSAGES.privateAddress],
      ['http://[::1]/', { ...local, allowLoopback: false }, LINK_CHECK_MESSAGES.privateAddress],
      ['https://user:secret@example.com/', local, LINK_CHECK_MESSAGES.notHttp],
      [`${base}/to-ftp`, local, LINK_CHECK_MESSAGES.notHttp],
      ['https://no-such-host.example/', nowhere, LINK_CHECK_MESSAGES.unresolvable],
    ];
    for (const [url, options, message] of cases) {
      const outcome = await checkLink(url, options as typeof local);
      expect(outcome, url).toMatchObject({ status: 'unreachable', error: message });
    }
    // A refusal is final: the redirect to ftp:// was followed once, not tried again with GET or another attempt.
    expect([hits.get('HEAD /to-ftp'), hits.get('GET /to-ftp')]).toEqual([1, undefined]);
    // No wording of the webhooks' vetting ever reaches a link's result.
    const linkTexts: string[] = Object.values(LINK_CHECK_MESSAGES);
    for (const text of linkTexts) expect(text).not.toMatch(/webhook/i);
    for (const text of Object.values(WEBHOOK_MESSAGES)) expect(linkTexts).not.toContain(text);
  });
});

describe('GET /api/admin/submissions/:id/links', () => {
  let t: TestApp;
  let customer: SignedInUser;
  let reviewer: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: '1' });
    customer = await signUp(t.app);
    reviewer = await signUpReviewer(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the links as not checked yet, then how each answered once the job has run', async () => {
    const content = `The bridge opened in 1923 (${base}/ok). Its history: ${base}/hop1, and an old page ${base}/gone.`;
    const id = await createPaidOrder(t.app, customer, { content });
    const before = await t.request('GET', `/api/admin/submissions/${id}/links`, reviewer);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ checkedAt: null, links: [{ status: 'pending' }, { status: 'pending' }, { status: 'pending' }] });

    await checkLinksRound(t.app.db, local);
    const after = (await t.request('GET', `/api/admin/submissions/${id}/links`, reviewer)).json() as { links: LinkCheck[]; checkedAt: string };
    expect(after.checkedAt).not.toBeNull();
    expect(after.links.map((l) => [l.text, l.status])).toEqual([
      [`${base}/ok`, 'live'],
      [`${base}/hop1`, 'redirected'],
      [`${base}/gone`, 'broken'],
    ]);
    for (const link of after.links) expect(content.slice(link.start, link.end)).toBe(link.text);
    expect(await checkLinksRound(t.app.db, local)).toBe(0); // each order once

    expect((await t.request('GET', `/api/admin/submissions/${id}/links`, customer)).statusCode).toBe(403);
  });

  it('answers a link to a private address, or one that is not http(s), in the link checks’ own words', async () => {
    const content = `Our intranet http://10.0.0.1/admin and a file ${base}/to-ftp and a login https://user:pw@example.com/x.`;
    const id = await createPaidOrder(t.app, customer, { content });
    await checkLinksRound(t.app.db, local);
    const response = await t.request('GET', `/api/admin/submissions/${id}/links`, reviewer);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/webhook|public internet/i);
    expect((response.json() as { links: LinkCheck[] }).links.map((l) => [l.status, l.error])).toEqual([
      ['unreachable', LINK_CHECK_MESSAGES.privateAddress],
      ['unreachable', LINK_CHECK_MESSAGES.notHttp],
      ['unreachable', LINK_CHECK_MESSAGES.notHttp],
    ]);
    expect(LINK_CHECK_MESSAGES.privateAddress).toBe('Not checked: this link points to a private or local address');
  });

  it('shows results stored with the webhooks’ wording (checked before the link checks had their own) in the link checks’ words', async () => {
    const content = 'See http://10.0.0.1/admin and https://nowhere.example/.';
    const id = await createPaidOrder(t.app, customer, { content });
    const legacy = [WEBHOOK_MESSAGES.privateAddress, WEBHOOK_MESSAGES.unresolvable];
    const links = findLinks(content).map((link, i) => ({ ...link, status: 'unreachable' as const, httpStatus: null, finalUrl: null, error: legacy[i]! }));
    await t.app.db.insert(linkChecks).values({ submissionId: id, links });
    const response = await t.request('GET', `/api/admin/submissions/${id}/links`, reviewer);
    expect(response.body).not.toMatch(/webhook/i);
    expect((response.json() as { links: LinkCheck[] }).links.map((l) => l.error)).toEqual([LINK_CHECK_MESSAGES.privateAddress, LINK_CHECK_MESSAGES.unresolvable]);
  });
});

describe('links of the saved draft, re-checked by the reviewer (issue 42)', () => {
  let t: TestApp;
  let customer: SignedInUser;
  let reviewer: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: '1' });
    customer = await signUp(t.app);
    reviewer = await signUpReviewer(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists a link the reviewer added, checks one or all on request, and says when each was checked', async () => {
    const content = `The bridge opened in 1923 (${base}/ok).`;
    const id = await createPaidOrder(t.app, customer, { content });
    const links = async () => (await t.request('GET', `/api/admin/submissions/${id}/links`, reviewer)).json() as { links: LinkCheck[] };
    const draft = `The bridge opened in 1923 (${base}/ok). See also ${base}/gone.`;
    expect((await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: draft, reviewerNotes: '', complete: false })).statusCode).toBe(200);
    expect((await links()).links.map((l) => [l.url.replace(base, ''), l.source, l.status, l.checkedAt ?? null])).toEqual([
      ['/ok', 'original', 'pending', null],
      ['/gone', 'reviewed', 'pending', null],
    ]);

    // The added link alone: before the job reached the order, a re-check checks every link of it.
    const one = await t.request('POST', `/api/admin/submissions/${id}/links/check`, reviewer, { urls: [`${base}/gone`] });
    expect(one.statusCode, one.body).toBe(200);
    const first = (one.json() as { links: LinkCheck[] }).links;
    expect(first.map((l) => [l.url.replace(base, ''), l.status])).toEqual([['/ok', 'live'], ['/gone', 'broken']]);
    for (const link of first) expect(Date.parse(link.checkedAt!)).not.toBeNaN();
    // The job has nothing left to do for it.
    expect(await checkLinksRound(t.app.db, local)).toBe(0);

    // All again: each link says the newer time.
    const all = await t.request('POST', `/api/admin/submissions/${id}/links/check`, reviewer, {});
    expect(all.statusCode).toBe(200);
    const again = (all.json() as { links: LinkCheck[] }).links;
    expect(again.map((l) => l.status)).toEqual(['live', 'broken']);
    for (const [i, link] of again.entries()) expect(Date.parse(link.checkedAt!)).toBeGreaterThanOrEqual(Date.parse(first[i]!.checkedAt!));
    expect(hits.get('HEAD /gone')).toBeGreaterThanOrEqual(2);

    // A link in neither text is refused, as is too long a list; a customer may not ask.
    const stranger = await t.request('POST', `/api/admin/submissions/${id}/links/check`, reviewer, { urls: ['http://10.0.0.1/admin'] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(LINK_RECHECK_MESSAGES.notInText);
    expect((await t.request('POST', `/api/admin/submissions/${id}/links/check`, reviewer, { urls: Array.from({ length: 51 }, (_, i) => `${base}/${i}`) })).statusCode).toBe(400);
    expect((await t.request('POST', `/api/admin/submissions/${id}/links/check`, customer, {})).statusCode).toBe(403);
    expect((await t.request('POST', '/api/admin/submissions/NOSUCHORDER/links/check', reviewer, {})).statusCode).toBe(404);
  });

  it('cools down: an order’s links are re-checked a few times a minute, by anyone, and then refused with a 429 that says when', async () => {
    const id = await createPaidOrder(t.app, customer, { content: `One link: ${base}/ok.` });
    const other = await signUpReviewer(t.app);
    const recheck = (who: SignedInUser) => t.request('POST', `/api/admin/submissions/${id}/links/check`, who, {});
    const before = hits.get('HEAD /ok') ?? 0;
    for (let i = 0; i < LINK_RECHECKS_PER_ORDER_PER_MINUTE; i += 1) expect((await recheck(i % 2 === 0 ? reviewer : other)).statusCode).toBe(200);
    // A second reviewer, or the first again: the same order's count.
    for (const who of [reviewer, other]) {
      const refused = await recheck(who);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(LINK_RECHECK_MESSAGES.tooMany);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((hits.get('HEAD /ok') ?? 0) - before).toBe(LINK_RECHECKS_PER_ORDER_PER_MINUTE);
    // Another order's links are not held up by it.
    const next = await createPaidOrder(t.app, customer, { content: `Another: ${base}/ok.` });
    expect((await t.request('POST', `/api/admin/submissions/${next}/links/check`, reviewer, {})).statusCode).toBe(200);
  });
});
