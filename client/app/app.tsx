import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '@client/components/ui/skeleton';
import { RequireSignIn } from '@client/features/auth';
import { useLiveUpdates } from '@client/features/live-updates';
import { useCurrentUser } from '@client/lib/current-user';
import { hasSessionHint } from '@client/lib/session-hint';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout';
import { NotFoundPage, routedPages, type RoutedPage } from './routes';
import { AccountReady } from '@client/features/account';

/** Fills the screen so the footer stays below the fold while a page's code loads (no layout shift). */
function PageFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}

/** A route's page: its signed-in variant once signed in (/), behind sign-in when it is for customers. */
function RoutePage({ route, params }: { route: RoutedPage; params: Record<string, string | undefined> }) {
  const { user, isLoading } = useCurrentUser();
  const { Page, SignedInPage } = route;
  if (SignedInPage && !isLoading && user) return <SignedInPage {...params} />;
  // Probably signed in (the hint cookie, decision 019): wait for the account rather than flash the public page.
  if (SignedInPage && isLoading && hasSessionHint()) return <PageFallback />;
  // The admin page turns away everyone else itself (spec section 6: "Unauthorized", then /).
  if (route.access === 'customer') {
    return (
      <RequireSignIn>
        <AccountReady>
          <Page {...params} />
        </AccountReady>
      </RequireSignIn>
    );
  }
  return <Page {...params} />;
}

/** One live update stream per signed-in tab (decision 038); nothing for visitors. */
function LiveUpdates() {
  const { user } = useCurrentUser();
  useLiveUpdates(user?.id ?? null);
  return null;
}

export function App() {
  return (
    <Layout>
      <LiveUpdates />
      <ErrorBoundary>
        <Suspense fallback={<PageFallback />}>
          <Switch>
            {routedPages.map((route) => (
              <Route key={route.path} path={route.path}>
                {(params) => <RoutePage route={route} params={params} />}
              </Route>
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
}
