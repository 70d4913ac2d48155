// @vitest-environment node
// The data layer speaks plain fetch; node runs it against a real local HTTP server (happy-dom would add CORS).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiContractError, ApiError, apiGetOrNull, apiJson } from './api';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/unauthorized') {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Authentication required"}');
    } else if (req.url === '/empty-error') {
      res.writeHead(503).end();
    } else if (req.url === '/echo') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ got: JSON.parse(body), type: req.headers['content-type'] })));
    } else if (req.url === '/wrong-shape') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":"yes"}');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"extra":1}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const okSchema = z.object({ ok: z.boolean() });

describe('the data layer', () => {
  it('reads an answer through its schema: typed, unknown fields dropped', async () => {
    const answer = await apiJson(okSchema, 'GET', `${base}/ok`);
    expect(answer).toEqual({ ok: true });
    expect(await apiGetOrNull(okSchema, `${base}/ok`)).toEqual({ ok: true });
  });

  it('raises a readable ApiContractError when the answer does not match its schema', async () => {
    const error = await apiJson(okSchema, 'GET', `${base}/wrong-shape`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiContractError);
    expect((error as ApiContractError).message).toBe(
      'The server sent an answer this page does not understand. Please reload the page and try again.',
    );
    expect((error as ApiContractError).issues[0]?.path).toEqual(['ok']);
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const echo = z.object({ got: z.object({ a: z.number() }), type: z.string() });
    expect(await apiJson(echo, 'POST', `${base}/echo`, { a: 1 })).toEqual({ got: { a: 1 }, type: 'application/json' });
  });

  it('raises "status: body" for a non-OK answer', async () => {
    const error = await apiJson(okSchema, 'GET', `${base}/unauthorized`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Authentication required"}');
    expect((error as ApiError).serverMessage).toBe('Authentication required');
  });

  it('uses the status text when the body is empty', async () => {
    const error = (await apiJson(okSchema, 'GET', `${base}/empty-error`).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
  });

  it('reads a 401 as empty when asked to', async () => {
    expect(await apiGetOrNull(okSchema, `${base}/unauthorized`)).toBeNull();
    await expect(apiJson(okSchema, 'GET', `${base}/unauthorized`)).rejects.toThrow('401: ');
  });
});
