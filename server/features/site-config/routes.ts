import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '../../../shared/site-config.schema';

export async function siteConfigRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const body: SiteConfig = {
    support: { email: config.SUPPORT_EMAIL, phone: config.SUPPORT_PHONE, address: config.SUPPORT_ADDRESS },
    payments: {
      provider: config.stripe ? 'stripe' : 'sandbox',
      publishableKey: config.stripe?.publishableKey ?? null,
    },
    signIn: { provider: config.oidc ? 'oidc' : 'password' },
  };
  app.get('/api/config', { config: { access: 'public' } }, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body));
}
