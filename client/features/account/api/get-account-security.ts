import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSecuritySchema } from '@shared/account.schema';
import { apiGetOrNull } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/account/security: whether the address is verified and whether the account has a password; null while signed out. */
export const accountSecurityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.security,
    queryFn: () => apiGetOrNull(accountSecuritySchema, '/api/account/security'),
    retry: false,
    meta: { handles401: true },
  });

export function useAccountSecurity(enabled: boolean) {
  return useQuery({ ...accountSecurityQueryOptions(), enabled });
}
