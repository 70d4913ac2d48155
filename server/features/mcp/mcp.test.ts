import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeReview, customerWithKey, startRunningApp, words, type Customer, type RunningApp } from '../../test-support/agents';
import { request } from '../../test-support/test-app';
import { EDITORIAL_MESSAGES } from '../../../shared/editorial-text';

/**
 * The HumanProof tools for AI agents (issue 46), through the MCP SDK's own client: over stdio (`humanproof mcp`, the
 * bin npm links, as a process) and over Streamable HTTP (POST /mcp on the listening app, the key as a Bearer token).
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const BIN = path.join(ROOT, 'node_modules', '.bin', 'humanproof');

let run: RunningApp;
let owner: Customer;
let poor: Customer;
let other: Customer;
const open: Client[] = [];

beforeAll(async () => {
  run = await startRunningApp();
  [owner, poor, other] = [await customerWithKey(run), await customerWithKey(run, { credit: 0 }), await customerWithKey(run)];
});
afterAll(async () => {
  for (const client of open) await client.close();
  await run.close();
});

type Connect = (key: string | null) => Promise<Client>;

const transports: Record<'stdio' | 'http', Connect> = {
  stdio: async (key) => {
    const client = new Client({ name: 'vitest', version: '1.0.0' });
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HUMANPROOF_URL: run.baseUrl };
    if (key) env.HUMANPROOF_API_KEY = key;
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, cwd: ROOT, stderr: 'ignore' }));
    open.push(client);
    return client;
  },
  http: async (key) => {
    const client = new Client({ name: 'vitest', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${run.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    open.push(client);
    return client;
  },
};

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return { isError: result.isError === true, text, data: result.structuredContent as Record<string, unknown> | undefined };
}

describe.each(['stdio', 'http'] as const)('the MCP tools over %s', (kind) => {
  const connect = (key: string | null) => transports[kind](key);

  it('lists the five tools, each telling an agent when to use it and what it costs, with input schemas', async () => {
    const client = await connect(owner.key);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['estimate_price', 'get_order', 'get_reviewed_text', 'submit_for_review', 'verify_certificate']);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.estimate_price!.description).toMatch(/Free/);
    expect(byName.submit_for_review!.description).toMatch(/costs real money/);
    expect(byName.submit_for_review!.inputSchema.required).toEqual(expect.arrayContaining(['text', 'tier', 'englishVariant']));
    expect(Object.keys(byName.submit_for_review!.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['text', 'tier', 'englishVariant', 'fastTurnaround', 'instructions', 'editorialResponsibility']),
    );
  });

  it('prices 1,000 words, polished, fast turnaround at £90.00', async () => {
    const client = await connect(owner.key);
    const price = await call(client, 'estimate_price', { text: words(1000), tier: 'polished', fastTurnaround: true });
    expect(price.isError).toBe(false);
    expect(price.data).toMatchObject({ wordCount: 1000, pricePence: 9000, price: '£90.00' });
  });

  it('checks editorialResponsibility with the order form’s own rules and messages', async () => {
    const client = await connect(owner.key);
    const base = { text: words(50, `${kind}editor`), tier: 'polished', englishVariant: 'british' };
    const orphan = await call(client, 'submit_for_review', { ...base, editorialResponsibility: { organisation: 'Acme Ltd' } });
    expect(orphan).toMatchObject({ isError: true, text: expect.stringContaining(EDITORIAL_MESSAGES.organisationWithoutName) });
    const control = await call(client, 'submit_for_review', { ...base, editorialResponsibility: { name: 'Ada\u0007 Lovelace' } });
    expect(control).toMatchObject({ isError: true, text: expect.stringContaining(EDITORIAL_MESSAGES.control) });
  });

  it('orders a review paid from credit that shows on the owner’s dashboard, then reads it and its reviewed text', async () => {
    const client = await connect(owner.key);
    const text = words(200, `${kind}order`);
    const placed = await call(client, 'submit_for_review', {
      text,
      tier: 'polished',
      englishVariant: 'british',
      instructions: 'For a newsletter.',
      editorialResponsibility: { name: 'Ada Lovelace' },
    });
    expect(placed.isError, placed.text).toBe(false);
    expect(placed.data).toMatchObject({ pricePence: 1200, status: 'paid', dueAt: expect.any(String) });
    const orderId = String(placed.data!.orderId);

    // The owner's dashboard (the session API) lists it, paid.
    const dashboard = (await request(run.t.app, 'GET', '/api/submissions', owner.user)).json() as { id: string; status: string }[] | { data: { id: string; status: string }[] };
    const rows = Array.isArray(dashboard) ? dashboard : dashboard.data;
    expect(rows.find((r) => r.id === orderId)).toMatchObject({ status: 'paid' });

    expect((await call(client, 'get_order', { orderId })).data).toMatchObject({ orderId, status: 'paid', pricePence: 1200 });
    const early = await call(client, 'get_reviewed_text', { orderId });
    expect(early).toMatchObject({ isError: true, text: expect.stringContaining('not completed yet') });

    await completeReview(run, orderId, `Reviewed by a person (${kind}).`);
    const reviewed = await call(client, 'get_reviewed_text', { orderId });
    expect(reviewed.data).toMatchObject({ orderId, reviewedText: `Reviewed by a person (${kind}).`, certificateCode: expect.stringMatching(/^HP-/) });
    const verified = await call(client, 'verify_certificate', { code: reviewed.data!.certificateCode, text: `Reviewed by a person (${kind}).` });
    expect(verified.data).toMatchObject({ verified: true, signature: 'verified', status: 'valid', text: 'matches' });
    const otherText = await call(client, 'verify_certificate', { code: reviewed.data!.certificateCode, text: 'Not what was reviewed.' });
    expect(otherText.data).toMatchObject({ verified: false, text: 'differs' });
  });

  it('answers a refusal as a tool error with the API’s message: no credit, a text over the limit, another account’s order', async () => {
    const broke = await connect(poor.key);
    const refused = await call(broke, 'submit_for_review', { text: words(100), tier: 'polished', englishVariant: 'british' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('Your credit does not cover this order.');
    expect(refused.text).toContain('Short by £6.00');

    const tooLong = await call(broke, 'submit_for_review', { text: words(3001), tier: 'polished', englishVariant: 'british' });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.text).toMatch(/3,000 words/);

    const theirs = await call(await connect(other.key), 'submit_for_review', { text: words(50, 'private'), tier: 'polished', englishVariant: 'british' });
    const theirId = String(theirs.data!.orderId);
    for (const tool of ['get_order', 'get_reviewed_text']) {
      const peek = await call(broke, tool, { orderId: theirId });
      expect(peek, tool).toMatchObject({ isError: true, text: expect.stringContaining('Order not found') });
      expect(peek.text).not.toContain('private');
    }
  });
});

describe('the MCP tools over stdio without a key', () => {
  it('price texts and check certificates, and say a key is needed to order', async () => {
    const client = await transports.stdio(null);
    expect((await call(client, 'estimate_price', { text: words(10), tier: 'rewritten' })).data).toMatchObject({ pricePence: 500, minimumApplied: true });
    const order = await call(client, 'submit_for_review', { text: words(100), tier: 'polished', englishVariant: 'british' });
    expect(order).toMatchObject({ isError: true, text: expect.stringContaining('HUMANPROOF_API_KEY') });
    const unknown = await call(client, 'verify_certificate', { code: 'HP-0000-0000-0000-0000' });
    expect(unknown).toMatchObject({ isError: false, data: { verified: false, status: 'not-found' } });
    const neither = await call(client, 'verify_certificate', {});
    expect(neither).toMatchObject({ isError: true, text: 'Give exactly one of code and credential.' });
  });
});

describe('POST /mcp', () => {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  it('needs a valid API key (401 problem, as /api/v1), and answers GET with 405: it keeps no session or stream', async () => {
    for (const authorization of [undefined, 'Bearer hp_live_nope']) {
      const response = await fetch(`${run.baseUrl}/mcp`, { method: 'POST', headers: { ...headers, ...(authorization ? { authorization } : {}) }, body: JSON.stringify(initialize) });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
    const get = await fetch(`${run.baseUrl}/mcp`, { headers: { authorization: `Bearer ${owner.key}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('is stateless: a tool call with no initialize before it on this instance is answered, and no session id is given', async () => {
    const init = await fetch(`${run.baseUrl}/mcp`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${owner.key}` }, body: JSON.stringify(initialize) });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const list = await fetch(`${run.baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${owner.key}`, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'estimate_price', arguments: { text: words(1000), tier: 'polished', fastTurnaround: true } } }),
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { result: { structuredContent: { price: string } } }).result.structuredContent.price).toBe('£90.00');
  });

  it('has the API’s scopes: a read-only key lists and prices but cannot order', async () => {
    const reader = await customerWithKey(run, { scopes: ['orders:read'] });
    const client = await transports.http(reader.key);
    expect((await call(client, 'estimate_price', { text: words(10), tier: 'polished' })).isError).toBe(false);
    const order = await call(client, 'submit_for_review', { text: words(100), tier: 'polished', englishVariant: 'british' });
    expect(order).toMatchObject({ isError: true, text: expect.stringContaining('does not have the orders:write scope') });
  });

  it('has the API’s rate limit: past it, /mcp answers 429 with Retry-After', async () => {
    const limited = await startRunningApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const customer = await customerWithKey(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await fetch(`${limited.baseUrl}/mcp`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${customer.key}` }, body: JSON.stringify(initialize) });
        statuses.push(response.status);
        if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts a tool call once against the rate limit, and a client cannot claim the in-process mark', async () => {
    const limited = await startRunningApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const customer = await customerWithKey(limited);
      const post = (body: unknown, extra: Record<string, string> = {}) =>
        fetch(`${limited.baseUrl}/mcp`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${customer.key}`, ...extra }, body: JSON.stringify(body) });
      const getOrder = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_order', arguments: { orderId: 'no-such-order' } } };
      // Each get_order calls GET /api/v1/orders/:id in-process: counted twice, the second would already be refused.
      const calls = [await post(getOrder), await post(getOrder)];
      expect(calls.map((r) => r.status)).toEqual([200, 200]);
      const answers = (await Promise.all(calls.map((r) => r.json()))) as { result: { content: { text: string }[] } }[];
      for (const answer of answers) {
        const text = answer.result.content.map((c) => c.text).join('\n');
        expect(text).toMatch(/not found/i);
        expect(text).not.toMatch(/too many requests/i);
      }
      // A forged mark is counted like any request: the third POST is the last allowed, the fourth is refused.
      const forged = { 'x-humanproof-in-process-call': 'a'.repeat(43) };
      expect((await post(initialize, forged)).status).toBe(200);
      expect((await post(initialize, forged)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
