import type { ReactNode } from 'react';
import { Spinner } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/lib/current-user';
import { useAccountSecurity } from './api/get-account-security';

/**
 * A signed-in page shows together with the verify-e-mail banner above it, never before it (issue 45: pages that
 * hold still): until the account's security answer (the banner's query) is in, a whole screen with a spinner,
 * which keeps the footer out of view, while the page mounts hidden so its own requests start at once. Then one
 * commit shows the page and, if needed, the banner.
 */
export function AccountReady({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const security = useAccountSecurity(user !== null);
  const waiting = user !== null && security.isPending;
  return (
    <>
      {waiting ? (
        <div className="flex min-h-screen items-center justify-center">
          <Spinner />
        </div>
      ) : null}
      <div hidden={waiting}>{children}</div>
    </>
  );
}
