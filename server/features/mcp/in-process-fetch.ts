import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { inProcessCallHeader } from '../api-keys';

/**
 * A fetch that answers from this app (Fastify's inject) instead of the network: the /mcp tools call /api/v1 as the
 * caller's key, so every route's guard, scope, rate limit, validation and problem details apply exactly as over
 * HTTP. The inner request carries the MCP request's client address, so per-address limits (certificate look-ups)
 * count the real client, not the app itself. It is marked as the app's own call, so the key's rate limit counts the
 * tool call once (the /mcp request), not again for each API call the tool makes.
 */
export function inProcessFetch(app: FastifyInstance, outer: FastifyRequest): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
    const answer = await app.inject({
      method: request.method as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, ...inProcessCallHeader() },
      remoteAddress: outer.ip,
      ...(body && body.length > 0 ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of [value].flat()) responseHeaders.append(name, String(one));
    }
    const nullBody = answer.statusCode === 204 || answer.statusCode === 304 || request.method === 'HEAD';
    return new Response(nullBody ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: responseHeaders });
  };
}
