import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteConfigSchema, type SiteConfig } from '@shared/site-config.schema';
import { apiJson } from './api';
import { queryKeys } from './query-keys';
import { SITE_CONFIG_DEFAULTS } from './site-config-defaults';

export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.siteConfig, queryFn: () => apiJson(siteConfigSchema, 'GET', '/api/config') });

/** Deployment settings (support contact, payment provider); the defaults show until they load. */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery(siteConfigQueryOptions());
  return data ?? SITE_CONFIG_DEFAULTS;
}
