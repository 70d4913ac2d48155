import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * A call the app makes to its own /api/v1 on behalf of a request that the API's guard already let in and counted
 * (a tool call on /mcp answers through Fastify's inject): it is checked again (key, scope) but not counted again, so
 * one tool call is one request against the key's limits. The header carries a secret made at start
 * and never sent out, so a client cannot claim it. It is one per process: inject stays inside the process, and
 * another instance's secret differs and never needs to match.
 */
export const IN_PROCESS_CALL_HEADER = 'x-humanproof-in-process-call';

const SECRET = Buffer.from(randomBytes(32).toString('base64url'));

/** The header an in-process call carries. */
export function inProcessCallHeader(): Record<string, string> {
  return { [IN_PROCESS_CALL_HEADER]: SECRET.toString() };
}

/** Whether the request is the app's own in-process call (so the outer request was already counted). */
export function isInProcessCall(request: FastifyRequest): boolean {
  const claimed = request.headers[IN_PROCESS_CALL_HEADER];
  if (typeof claimed !== 'string') return false;
  const given = Buffer.from(claimed);
  return given.length === SECRET.length && timingSafeEqual(given, SECRET);
}
