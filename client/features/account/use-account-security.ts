import { useQuery } from '@tanstack/react-query';
import type { AccountSecurity } from '@shared/account.schema';
import { getQueryFn } from '@client/lib/api';

export const ACCOUNT_SECURITY_KEY = ['/api/account/security'] as const;

/** Whether the address is verified and whether the account has a password; null while signed out. */
export function useAccountSecurity(enabled: boolean) {
  return useQuery<AccountSecurity | null>({
    queryKey: ACCOUNT_SECURITY_KEY,
    queryFn: getQueryFn<AccountSecurity>({ on401: 'returnNull' }),
    enabled,
    retry: false,
  });
}
