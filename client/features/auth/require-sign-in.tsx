import { useEffect, type ReactNode } from 'react';
import { Spinner } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/lib/current-user';
import { scheduleLoginRedirect, SIGN_IN_REDIRECT_MS } from '@client/lib/login-redirect';

/**
 * Pages that need an account: a logged-out visitor sees "Authentication required" and is sent to
 * /api/login after 1 second (spec section 2, dashboard).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  useEffect(() => {
    if (isLoading || user) return;
    return scheduleLoginRedirect(SIGN_IN_REDIRECT_MS);
  }, [isLoading, user]);

  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-2 px-4 text-center">
        <h1 className="text-2xl font-bold">Authentication required</h1>
        <p className="text-slate-600">Please sign in to continue. Taking you to sign in…</p>
      </div>
    );
  }
  return <>{children}</>;
}
