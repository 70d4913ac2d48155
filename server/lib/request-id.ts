import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** What an upstream proxy's X-Request-Id may look like to be reused: short, and nothing a log or header could split on. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId` (decision 028): the id of the request in every log line, the X-Request-Id header and every
 * error body. Taken from the request's own X-Request-Id only when the connection comes from a proxy TRUST_PROXY
 * trusts (so a support request can be matched to the load balancer's log too), and only when it looks like an id;
 * otherwise a new UUID. A client cannot choose the id that its own errors are logged under.
 */
export function requestIdGenerator(trustProxy: boolean | string[]): (req: IncomingMessage) => string {
  const trusted: (address: string, hop: number) => boolean =
    trustProxy === true ? () => true : trustProxy === false || trustProxy.length === 0 ? () => false : proxyAddr.compile(trustProxy);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    const peer = req.socket?.remoteAddress;
    if (typeof given === 'string' && ACCEPTABLE_ID.test(given) && peer && trusted(peer, 0)) return given;
    return randomUUID();
  };
}

/** The RFC 9457 `instance` of a problem: this occurrence, named by its request id. */
export function problemInstance(requestId: string): string {
  return `urn:request:${requestId}`;
}
