import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/api-v1.schema';
import { requestPinned, resolveWebhookTarget, WebhookAddressError, type Resolver } from './address';
import { signWebhook } from './sign';

/** A receiver has this long to answer (issue 29: shorter, so a hanging one holds a delivery slot briefly). */
export const DELIVERY_TIMEOUT_MS = 5_000;

export interface DeliveryOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * One POST of one event. The host is resolved and vetted here, at delivery time, and the connection goes to that
 * vetted address (a fixed `lookup`), so a name that resolved to a public address at registration cannot be turned
 * to an internal one later (DNS rebinding). TLS still checks the certificate against the host name. Redirects are
 * not followed (a 3xx is a failure), the body read is capped, and the whole attempt times out.
 */
export async function deliverWebhook(input: {
  url: string;
  body: string;
  secret: string;
  eventId: string;
  eventType: string;
  deliveryId: string;
  allowLoopback: boolean;
  now: Date;
  resolve?: Resolver;
  timeoutMs?: number;
}): Promise<DeliveryOutcome> {
  const started = Date.now();
  const done = (statusCode: number | null, error: string | null): DeliveryOutcome => ({
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    error,
    durationMs: Date.now() - started,
  });
  let target;
  try {
    target = await resolveWebhookTarget(input.url, input.allowLoopback, input.resolve);
  } catch (err) {
    return done(null, err instanceof WebhookAddressError ? err.message : 'The address could not be resolved');
  }
  const signature = signWebhook(input.secret, input.body, Math.floor(input.now.getTime() / 1000));
  const timeoutMs = input.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const headers = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(input.body),
    'user-agent': 'HumanProof-Webhooks/1.0',
    [WEBHOOK_SIGNATURE_HEADER]: signature,
    'HumanProof-Event': input.eventType,
    'HumanProof-Event-Id': input.eventId,
    'HumanProof-Delivery': input.deliveryId,
  };
  return requestPinned<DeliveryOutcome>(
    target,
    { method: 'POST', headers, body: input.body, timeoutMs, timeoutMessage: `Timed out after ${timeoutMs} ms` },
    (response, settle) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > 64 * 1024) response.destroy();
      });
      response.on('error', () => undefined);
      response.on('close', () => {
        const status = response.statusCode ?? null;
        const ok = status !== null && status >= 200 && status < 300;
        settle(done(status, ok ? null : status !== null && status >= 300 && status < 400 ? `Redirect (${status}) not followed` : `HTTP ${status}`));
      });
      response.resume();
    },
    (err) => done(null, err.message.slice(0, 300)),
  );
}
