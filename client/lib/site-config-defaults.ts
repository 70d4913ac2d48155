import { DEFAULT_SUPPORT_CONTACT } from '@shared/brand';
import type { SiteConfig } from '@shared/site-config.schema';

/** What a page shows until GET /api/config answers (and what the pre-rendered pages hold). */
export const SITE_CONFIG_DEFAULTS: SiteConfig = {
  support: DEFAULT_SUPPORT_CONTACT,
  payments: { provider: 'sandbox', publishableKey: null },
  signIn: { provider: 'password' },
};
