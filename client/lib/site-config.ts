import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SUPPORT_CONTACT } from '@shared/brand';
import type { SiteConfig } from '@shared/site-config.schema';

const FALLBACK: SiteConfig = {
  support: DEFAULT_SUPPORT_CONTACT,
  payments: { provider: 'sandbox', publishableKey: null },
  signIn: { provider: 'password' },
};

/** Deployment settings (support contact, payment provider); the defaults show until they load. */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery<SiteConfig>({ queryKey: ['/api/config'] });
  return data ?? FALLBACK;
}
