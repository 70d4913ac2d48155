/**
 * Test-only: a load balancer in a few lines of node:http. Every request (not every connection, not every
 * session) goes to the next upstream in turn, so nothing in a test can lean on sticky sessions. Reads (GET, HEAD)
 * and writes take turns of their own: consecutive writes always reach different upstreams, however many reads (a
 * poll, a refetch) come between them, so a test can count on both upstreams serving writes. Like nginx's
 * `$proxy_add_x_forwarded_for` or a cloud load balancer, it appends the client's address to whatever
 * X-Forwarded-For the client sent (so the app must trust only the balancer's own hop), connects to the
 * upstreams from its own address (`localAddress`, the one to name in TRUST_PROXY), and sets X-Forwarded-Proto
 * and X-Forwarded-Host. Each answer carries `x-upstream: <index>` and is recorded in `log`.
 */
import http from 'node:http';

export interface ProxiedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  upstream: number;
  clientAddress: string;
  /** The upstream's status, or 502 when it could not be reached. */
  status: number | null;
}

export interface RoundRobinProxy {
  url: string;
  readonly log: ProxiedRequest[];
  close(): Promise<void>;
}

// Per hop, never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade'];

function withoutHopHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

function clientAddressOf(req: http.IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export async function startRoundRobinProxy(options: {
  port: number;
  host?: string;
  /** Base addresses, e.g. http://127.0.0.1:5214. */
  upstreams: string[];
  /** The address the balancer connects to the upstreams from (a loopback alias such as 127.0.0.3). */
  localAddress?: string;
}): Promise<RoundRobinProxy> {
  const host = options.host ?? '127.0.0.1';
  const upstreams = options.upstreams.map((u) => new URL(u));
  const log: ProxiedRequest[] = [];
  const next = { read: 0, write: 0 };

  const server = http.createServer((req, res) => {
    const kind = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write';
    const index = next[kind];
    next[kind] = (index + 1) % upstreams.length;
    const target = upstreams[index]!;
    const clientAddress = clientAddressOf(req);
    const entry: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0]!,
      upstream: index,
      clientAddress,
      status: null,
    };
    log.push(entry);

    const claimed = req.headers['x-forwarded-for'];
    const forwardedFor = claimed ? `${String(claimed)}, ${clientAddress}` : clientAddress;
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        method: req.method,
        path: req.url,
        headers: {
          ...withoutHopHeaders(req.headers),
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? `${host}:${options.port}`,
        },
        // A fresh connection per request: no pooled socket that the upstream may close while we reuse it.
        agent: false,
      },
      (answer) => {
        entry.status = answer.statusCode ?? 502;
        res.writeHead(answer.statusCode ?? 502, { ...withoutHopHeaders(answer.headers), 'x-upstream': String(index) });
        answer.pipe(res);
      },
    );
    forward.on('error', (err) => {
      if (res.headersSent) {
        res.destroy(err);
        return;
      }
      entry.status = 502;
      res.writeHead(502, { 'content-type': 'application/json', 'x-upstream': String(index) });
      res.end(JSON.stringify({ message: `Upstream ${index} unreachable: ${err.message}` }));
    });
    res.on('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    req.pipe(forward);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    url: `http://localhost:${options.port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
