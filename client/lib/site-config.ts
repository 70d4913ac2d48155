import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@shared/site-config.schema';
import { queryKeys } from './query-keys';
import { fetchSiteConfig, SITE_CONFIG_DEFAULTS } from './site-config-fetch';

export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.siteConfig, queryFn: fetchSiteConfig });

/** Deployment settings (support contact, payment provider); the defaults show until they load. */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery(siteConfigQueryOptions());
  return data ?? SITE_CONFIG_DEFAULTS;
}
