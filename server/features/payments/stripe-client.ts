import Stripe from 'stripe';
import type { Config } from '../../env';

export type StripeSettings = NonNullable<Config['stripe']>;

/** The Stripe SDK for this deployment. `apiUrl` (tests only) points it at a local HTTP fake. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 0,
    ...(target ? { host: target.hostname, port: target.port || '80', protocol: 'http' as const } : {}),
  });
}
