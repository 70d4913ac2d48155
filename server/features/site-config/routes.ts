import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { vatRateFor } from '../../../shared/vat';
import { siteConfigSchema, type SiteConfig } from '../../../shared/site-config.schema';

export async function siteConfigRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const body: SiteConfig = {
    support: { email: config.SUPPORT_EMAIL, phone: config.SUPPORT_PHONE, address: config.SUPPORT_ADDRESS },
    payments: {
      provider: config.stripe ? 'stripe' : 'sandbox',
      publishableKey: config.stripe?.publishableKey ?? null,
    },
    signIn: { provider: config.oidc ? 'oidc' : 'password' },
    vat: { rateBasisPoints: vatRateFor(config.VAT_NUMBER) },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/config', { config: { access: 'public' }, schema: { response: { 200: siteConfigSchema } } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(body),
    );
}
