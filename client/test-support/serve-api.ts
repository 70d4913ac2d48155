import { vi } from 'vitest';

/** One request the page made, as the API received it. */
export interface ApiCall {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
  keepalive: boolean;
}

/** An answer for the calls it knows; undefined passes the call on to the next route. */
export type ApiRoute = (call: ApiCall) => Response | undefined;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A route answering one method and path (an exact URL) with `answer`, each time it is asked. */
export const answer =
  (method: string, url: string, reply: (call: ApiCall) => Response): ApiRoute =>
  (call) =>
    call.method === method && call.url === url ? reply(call) : undefined;

/**
 * The browser's network is the boundary of a client test: fetch answers as the API would, from the first route with an
 * answer (a 404 naming the call when none has). Answers the calls made so far, in order. Undo with vi.unstubAllGlobals.
 */
export function serveApi(...routes: ApiRoute[]): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
        keepalive: init?.keepalive === true,
      };
      calls.push(call);
      for (const route of routes) {
        const reply = route(call);
        if (reply) return reply;
      }
      return json(404, { message: `Not served here: ${call.method} ${url}` });
    }),
  );
  return calls;
}

export const ADMIN_USER = { id: 'u-admin', firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', profileImageUrl: null, isAdmin: true, role: 'admin' };
export const SIGNED_OUT = { message: 'Authentication required' };
