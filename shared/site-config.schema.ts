import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './payment.schema';

export const SIGN_IN_PROVIDERS = ['password', 'oidc'] as const;

/** GET /api/config: what the browser needs to know about this deployment. */
export const siteConfigSchema = z.object({
  support: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
  payments: z.object({
    provider: z.enum(PAYMENT_PROVIDERS),
    publishableKey: z.string().nullable(),
  }),
  signIn: z.object({ provider: z.enum(SIGN_IN_PROVIDERS) }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
