import { LINK_ATTEMPTS, LINK_CHECK_MESSAGES, LINK_TIMEOUT_MS, MAX_LINK_REDIRECTS, type LinkStatus } from '../../../shared/link-checks.schema';
import { requestPinned, resolvePublicTarget, WebhookAddressError, type Resolver } from '../webhooks';
import { isRefusal, vettingRefusal } from './messages';

export interface LinkOutcome {
  status: Exclude<LinkStatus, 'pending'>;
  httpStatus: number | null;
  finalUrl: string | null;
  error: string | null;
}

export interface LinkCheckOptions {
  /** Loopback addresses allowed: tests only (WEBHOOKS_ALLOW_LOOPBACK=1, refused in production). */
  allowLoopback: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
  attempts?: number;
  /** Pause before a retry (ms); 0 in tests. */
  retryDelayMs?: number;
}

type Answer = { statusCode: number; location: string | null } | { error: string };

/** One request to a vetted address (the same DNS-rebinding guard as webhooks): the status and Location only. */
async function request(method: 'HEAD' | 'GET', url: string, options: LinkCheckOptions): Promise<Answer> {
  let target;
  try {
    target = await resolvePublicTarget(url, { allowLoopback: options.allowLoopback, allowHttp: true }, options.resolve);
  } catch (err) {
    return { error: err instanceof WebhookAddressError ? vettingRefusal(err.message) : LINK_CHECK_MESSAGES.unresolvable };
  }
  const timeoutMs = options.timeoutMs ?? LINK_TIMEOUT_MS;
  return requestPinned<Answer>(
    target,
    { method, headers: { 'user-agent': 'HumanProof-LinkCheck/1.0', accept: '*/*' }, timeoutMs, timeoutMessage: `Timed out after ${timeoutMs / 1000} s` },
    (response, settle) => {
      const location = response.headers.location ?? null;
      // Only the status matters: the body is never read.
      settle({ statusCode: response.statusCode ?? 0, location });
      response.destroy();
    },
    (err) => ({ error: err.message.slice(0, 200) }),
  );
}

/** HEAD, then GET when HEAD is refused or fails (many servers answer HEAD badly). */
async function fetchStatus(url: string, options: LinkCheckOptions): Promise<Answer> {
  const head = await request('HEAD', url, options);
  if ('statusCode' in head && head.statusCode !== 405 && head.statusCode !== 501 && head.statusCode !== 403) return head;
  if ('error' in head && isRefusal(head.error)) return head;
  return request('GET', url, options);
}

/**
 * Checks one link (issue 23): HEAD then GET, following up to 5 redirects (each hop vetted again), 10 s per request,
 * up to 3 attempts when it cannot be reached or answers 5xx. Live (2xx), redirected (2xx elsewhere), broken (4xx,
 * 5xx, too many redirects) or unreachable (timeout, DNS, a refused address).
 */
export async function checkLink(url: string, options: LinkCheckOptions): Promise<LinkOutcome> {
  const attempts = options.attempts ?? LINK_ATTEMPTS;
  let outcome: LinkOutcome = { status: 'unreachable', httpStatus: null, finalUrl: null, error: 'Not checked' };
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    outcome = await followOnce(url, options);
    const retry = outcome.status === 'unreachable' || (outcome.httpStatus !== null && outcome.httpStatus >= 500);
    if (!retry || isRefusal(outcome.error)) return outcome;
    if (attempt < attempts && (options.retryDelayMs ?? 1000) > 0) await new Promise((r) => setTimeout(r, (options.retryDelayMs ?? 1000) * attempt));
  }
  return outcome;
}

async function followOnce(url: string, options: LinkCheckOptions): Promise<LinkOutcome> {
  let current = url;
  for (let hop = 0; hop <= MAX_LINK_REDIRECTS; hop += 1) {
    const answer = await fetchStatus(current, options);
    if ('error' in answer) return { status: 'unreachable', httpStatus: null, finalUrl: hop > 0 ? current : null, error: answer.error };
    const { statusCode, location } = answer;
    if (statusCode >= 300 && statusCode < 400 && location) {
      try {
        current = new URL(location, current).toString();
      } catch {
        return { status: 'broken', httpStatus: statusCode, finalUrl: null, error: 'The redirect has no valid address' };
      }
      continue;
    }
    if (statusCode >= 200 && statusCode < 300) {
      return hop === 0 ? { status: 'live', httpStatus: statusCode, finalUrl: null, error: null } : { status: 'redirected', httpStatus: statusCode, finalUrl: current, error: null };
    }
    return { status: 'broken', httpStatus: statusCode, finalUrl: hop > 0 ? current : null, error: null };
  }
  return { status: 'broken', httpStatus: null, finalUrl: current, error: `More than ${MAX_LINK_REDIRECTS} redirects` };
}
