import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SUPPORT_CONTACT } from '@shared/brand';
import { siteConfigSchema, type SiteConfig } from '@shared/site-config.schema';
import { apiJson } from './api';
import { queryKeys } from './query-keys';

const FALLBACK: SiteConfig = {
  support: DEFAULT_SUPPORT_CONTACT,
  payments: { provider: 'sandbox', publishableKey: null },
  signIn: { provider: 'password' },
};

export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.siteConfig, queryFn: () => apiJson(siteConfigSchema, 'GET', '/api/config') });

/** Deployment settings (support contact, payment provider); the defaults show until they load. */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery(siteConfigQueryOptions());
  return data ?? FALLBACK;
}
