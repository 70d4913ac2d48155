// @vitest-environment node
// The data layer speaks plain fetch; node runs it against a real local HTTP server (happy-dom would add CORS).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiGetOrNull, apiJson } from './api';

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
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe('the data layer', () => {
  it('sends JSON bodies with a JSON content type', async () => {
    expect(await apiJson('POST', `${base}/echo`, { a: 1 })).toEqual({ got: { a: 1 }, type: 'application/json' });
  });

  it('raises "status: body" for a non-OK answer', async () => {
    const error = await apiJson('GET', `${base}/unauthorized`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Authentication required"}');
    expect((error as ApiError).serverMessage).toBe('Authentication required');
  });

  it('uses the status text when the body is empty', async () => {
    const error = (await apiJson('GET', `${base}/empty-error`).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
  });

  it('reads a 401 as empty when asked to', async () => {
    expect(await apiGetOrNull(`${base}/unauthorized`)).toBeNull();
    expect(await apiGetOrNull(`${base}/ok`)).toEqual({ ok: true });
    await expect(apiJson('GET', `${base}/unauthorized`)).rejects.toThrow('401: ');
  });
});
