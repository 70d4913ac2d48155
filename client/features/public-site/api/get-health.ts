import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthReportSchema, type HealthReport } from '@shared/health.schema';
import { queryKeys } from '@client/lib/query-keys';

/** GET /healthz, never from a cache: is the service up? Asked when the status card is shown. */
export async function getHealth(): Promise<HealthReport> {
  const response = await fetch('/healthz', { cache: 'no-store' });
  if (!response.ok) throw new Error(`health check answered ${response.status}`);
  return healthReportSchema.parse(await response.json());
}

export const healthQueryOptions = () => queryOptions({ queryKey: queryKeys.health, queryFn: getHealth, staleTime: 30_000 });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
