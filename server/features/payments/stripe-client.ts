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

/** Who takes a card payment, and where a failure is logged: Stripe when the deployment has it, else (null) the sandbox. */
export interface PaymentProviderContext {
  stripe: { client: Stripe; settings: StripeSettings } | null;
  log: { error: (obj: object, msg: string) => void };
}

/** The deployment's Stripe client and settings, or null (the sandbox) without them. */
export function stripeProvider(settings: StripeSettings | null): PaymentProviderContext['stripe'] {
  return settings ? { client: createStripeClient(settings), settings } : null;
}
