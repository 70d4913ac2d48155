import { DEFAULT_SUPPORT_CONTACT } from '@shared/brand';
import type { SiteConfig } from '@shared/site-config.schema';
import { apiJson } from './api';

/** What a page shows until GET /api/config answers (and what the pre-rendered pages hold). */
export const SITE_CONFIG_DEFAULTS: SiteConfig = {
  support: DEFAULT_SUPPORT_CONTACT,
  payments: { provider: 'sandbox', publishableKey: null },
  signIn: { provider: 'password' },
  vat: { rateBasisPoints: 0 },
};

/**
 * GET /api/config: the deployment's settings. The app's query (site-config.ts) and the order form's island use it;
 * its schema loads with the call, so the island's first script carries no zod (decision 051).
 */
export async function fetchSiteConfig(): Promise<SiteConfig> {
  const { siteConfigSchema } = await import('@shared/site-config.schema');
  return apiJson(siteConfigSchema, 'GET', '/api/config');
}
