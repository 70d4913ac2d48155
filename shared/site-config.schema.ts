import { z } from 'zod';

/** GET /api/config: what the browser needs to know about this deployment. */
export const siteConfigSchema = z.object({
  support: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
  payments: z.object({
    provider: z.enum(['stripe', 'sandbox']),
    publishableKey: z.string().nullable(),
  }),
  signIn: z.object({ provider: z.enum(['password', 'oidc']) }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
