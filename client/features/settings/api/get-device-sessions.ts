import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceSessionsSchema } from '@shared/account.schema';
import { apiGetOrNull } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/account/sessions: the signed-in devices; null while signed out. */
export const deviceSessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.sessions,
    queryFn: () => apiGetOrNull(deviceSessionsSchema, '/api/account/sessions'),
    meta: { handles401: true },
  });

export function useDeviceSessions() {
  return useQuery(deviceSessionsQueryOptions());
}
