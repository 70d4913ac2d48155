import { DEFAULT_SUPPORT_CONTACT } from '@shared/brand';
import type { SiteConfig } from '@shared/site-config.schema';
import { apiJson } from './api';

/**
 * The VAT rate the server wrote on the page's root (`data-vat-rate`, decision 070): a server with a VAT number serves
 * the pre-rendered pages' VAT variant, and the first render here must match it. 0 outside a browser or without it.
 */
function pageVatRate(): number {
  if (typeof document === 'undefined') return 0;
  const rate = Number(document.getElementById('root')?.dataset.vatRate ?? 0);
  return Number.isInteger(rate) && rate > 0 && rate < 10_000 ? rate : 0;
}

/** What a page shows until GET /api/config answers (and what the pre-rendered pages hold). */
export const SITE_CONFIG_DEFAULTS: SiteConfig = {
  support: DEFAULT_SUPPORT_CONTACT,
  payments: { provider: 'sandbox', publishableKey: null },
  signIn: { provider: 'password' },
  vat: { rateBasisPoints: pageVatRate() },
};

/**
 * GET /api/config: the deployment's settings. The app's query (site-config.ts) and the order form's island use it;
 * its schema loads with the call, so the island's first script carries no zod (decision 051).
 */
export async function fetchSiteConfig(): Promise<SiteConfig> {
  const { siteConfigSchema } = await import('@shared/site-config.schema');
  return apiJson(siteConfigSchema, 'GET', '/api/config');
}
