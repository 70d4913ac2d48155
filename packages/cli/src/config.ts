import { DEFAULT_BASE_URL } from '../../sdk/src';
import { misuse } from './errors';

export interface Config {
  /** The site, without a trailing slash. */
  baseUrl: string;
  apiKey: string | undefined;
  /** Seconds between two looks at an order while waiting. */
  pollSeconds: number;
}

export const DEFAULT_POLL_SECONDS = 15;

/** HUMANPROOF_URL, HUMANPROOF_API_KEY and HUMANPROOF_POLL_SECONDS; a bad value is misuse (exit 2). */
export function readConfig(env: NodeJS.ProcessEnv): Config {
  const raw = env.HUMANPROOF_URL?.trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw misuse(`HUMANPROOF_URL must be an http(s) address, not ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw misuse(`HUMANPROOF_URL must be an http(s) address, not ${JSON.stringify(raw)}`);
  const poll = env.HUMANPROOF_POLL_SECONDS?.trim();
  const pollSeconds = poll ? Number(poll) : DEFAULT_POLL_SECONDS;
  if (!Number.isFinite(pollSeconds) || pollSeconds <= 0 || pollSeconds > 3600) {
    throw misuse(`HUMANPROOF_POLL_SECONDS must be a number of seconds between 0 and 3600, not ${JSON.stringify(poll)}`);
  }
  return { baseUrl: url.href.replace(/\/+$/, ''), apiKey: env.HUMANPROOF_API_KEY?.trim() || undefined, pollSeconds };
}

export function requireKey(config: Config): string {
  if (!config.apiKey) throw misuse('Set HUMANPROOF_API_KEY to an API key from Settings → API keys (hp_live_…).');
  return config.apiKey;
}
