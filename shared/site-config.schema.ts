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
  /** The VAT rate every price includes, in basis points: 2000 with a VAT number, 0 without (issue 45, shared/vat.ts). */
  vat: z.object({ rateBasisPoints: z.number().int().nonnegative() }).default({ rateBasisPoints: 0 }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
