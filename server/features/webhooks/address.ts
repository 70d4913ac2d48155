import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https, { type RequestOptions } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '../../../shared/api-v1.schema';

/**
 * Where a webhook may go (decision 025): public unicast addresses only. Refused: private, loopback, link-local
 * (169.254.169.254, the cloud metadata service), CGNAT, unique-local, multicast, reserved and documentation ranges,
 * 0.0.0.0/8, and any IPv4 address wrapped in IPv6 (compatible, mapped, translated, NAT64, 6to4), which could reach the
 * same places.
 * Loopback is allowed only with WEBHOOKS_ALLOW_LOOPBACK=1 (tests and local examples; refused in production).
 */
// Two lists: Node's BlockList also matches an IPv4 address against IPv6 rules (as ::ffff:a.b.c.d), so the IPv6
// ranges that contain mapped forms would otherwise refuse every IPv4 address.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (RFC 2765, SIIT): ::ffff:0:a.b.c.d reaches a.b.c.d through a translator
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(net, prefix, 'ipv6');
}

export function isLoopback(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family === 6) return address === '::1' || /^0{0,4}(:0{0,4}){6}:0{0,3}1$/.test(address);
  return false;
}

/** Whether a webhook may connect to this IP address. */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (allowLoopback && isLoopback(address)) return true;
  // The mapped and translated IPv6 forms of IPv4 addresses are refused as whole ranges in the IPv6 list.
  return family === 4 ? !blockedV4.check(address, 'ipv4') : !blockedV6.check(address, 'ipv6');
}

export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

export interface WebhookTarget {
  url: URL;
  /** The host name without IPv6 brackets. */
  hostname: string;
  /** The vetted address to connect to (never looked up again, so DNS cannot change it in between). */
  address: string;
  family: 4 | 6;
}

/**
 * The options of a request to a vetted target: the connection goes to the vetted address itself (a fixed `lookup`,
 * so nothing is looked up again between the check and the connection), while Host and TLS (the certificate is
 * checked against the host name; SNI may not be an IP address) keep the URL's name. No shared agent.
 */
export function pinnedRequestOptions(target: WebhookTarget): RequestOptions & { headers: { host: string } } {
  const secure = target.url.protocol === 'https:';
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  return {
    host: target.address,
    port: target.url.port || (secure ? 443 : 80),
    path: `${target.url.pathname}${target.url.search}`,
    lookup,
    servername: secure && !isIP(target.hostname) ? target.hostname : undefined,
    headers: { host: target.url.host },
    agent: false,
  };
}

/**
 * One request to a vetted target (through `pinnedRequestOptions`) that settles exactly once: `onResponse` answers
 * through `settle`, a request error answers `onError(err)`, and after `timeoutMs` the request is destroyed with
 * `timeoutMessage` (which then answers as an error).
 */
export function requestPinned<T>(
  target: WebhookTarget,
  request: { method: string; headers: OutgoingHttpHeaders; body?: string; timeoutMs: number; timeoutMessage: string },
  onResponse: (response: IncomingMessage, settle: (answer: T) => void) => void,
  onError: (err: Error) => T,
): Promise<T> {
  return new Promise<T>((resolve) => {
    let settled = false;
    const settle = (answer: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const pinned = pinnedRequestOptions(target);
    const req = (target.url.protocol === 'https:' ? https : http).request(
      { ...pinned, method: request.method, headers: { ...pinned.headers, ...request.headers } },
      (response) => onResponse(response, settle),
    );
    const timer = setTimeout(() => req.destroy(new Error(request.timeoutMessage)), request.timeoutMs);
    req.on('error', (err) => settle(onError(err)));
    req.end(request.body);
  });
}

/** Parses and checks a webhook URL (scheme, no credentials) without resolving it. */
export function parseWebhookUrl(raw: string, allowLoopback: boolean, allowHttp = false): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookAddressError(WEBHOOK_MESSAGES.url);
  }
  if (url.username || url.password) throw new WebhookAddressError(WEBHOOK_MESSAGES.url);
  if (url.protocol !== 'https:' && !((allowLoopback || allowHttp) && url.protocol === 'http:')) throw new WebhookAddressError(WEBHOOK_MESSAGES.url);
  return url;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the URL's host and vets every address it resolves to: one private address refuses the whole host (a
 * name with a public and a private address would otherwise let a retry reach inside). Plain http only to loopback.
 */
export async function resolveWebhookTarget(raw: string, allowLoopback: boolean, resolve: Resolver = systemResolver): Promise<WebhookTarget> {
  return resolvePublicTarget(raw, { allowLoopback, allowHttp: false }, resolve);
}

/**
 * The same vetting for any outbound request on a customer's behalf (the workspace's link checks): public addresses
 * only; `allowHttp` also lets plain http reach a public address (a link in a text may be http).
 */
export async function resolvePublicTarget(
  raw: string,
  options: { allowLoopback: boolean; allowHttp: boolean },
  resolve: Resolver = systemResolver,
): Promise<WebhookTarget> {
  const { allowLoopback } = options;
  const url = parseWebhookUrl(raw, allowLoopback, options.allowHttp);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch {
      throw new WebhookAddressError(WEBHOOK_MESSAGES.unresolvable);
    }
  }
  if (addresses.length === 0) throw new WebhookAddressError(WEBHOOK_MESSAGES.unresolvable);
  if (!addresses.every((a) => isAllowedAddress(a.address, allowLoopback))) throw new WebhookAddressError(WEBHOOK_MESSAGES.privateAddress);
  if (url.protocol === 'http:' && !options.allowHttp && !addresses.every((a) => isLoopback(a.address))) throw new WebhookAddressError(WEBHOOK_MESSAGES.url);
  const first = addresses[0]!;
  return { url, hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
}
