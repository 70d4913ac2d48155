import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '@client/components/ui/skeleton';
import { RequireSignIn } from '@client/features/auth/require-sign-in';
import { useCurrentUser } from '@client/features/auth/use-current-user';
import { Layout } from './layout';
import { pages } from './routes';

/** Fills the screen so the footer stays below the fold while a page's code loads (no layout shift). */
function PageFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}

/** `/` is the marketing page for visitors (and while sign-in state loads) and the customer home once signed in. */
function Home() {
  const { user, isLoading } = useCurrentUser();
  return !isLoading && user ? <pages.customerHome /> : <pages.marketingHome />;
}

export function App() {
  return (
    <Layout>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          <Route path="/" component={Home} />
          <Route path="/check-now" component={pages.checkNow} />
          <Route path="/about" component={pages.about} />
          <Route path="/services" component={pages.services} />
          <Route path="/blog" component={pages.blog} />
          <Route path="/blog/:slug" component={pages.blogPost} />
          <Route path="/contact" component={pages.contact} />
          <Route path="/help-center" component={pages.helpCenter} />
          <Route path="/privacy-policy" component={pages.privacyPolicy} />
          <Route path="/terms-of-service" component={pages.termsOfService} />
          <Route path="/login" component={pages.login} />
          <Route path="/sign-in" component={pages.signIn} />
          <Route path="/sign-up" component={pages.signUp} />
          <Route path="/auth-success" component={pages.authSuccess} />
          <Route path="/dashboard">
            <RequireSignIn>
              <pages.dashboard />
            </RequireSignIn>
          </Route>
          <Route path="/settings">
            <RequireSignIn>
              <pages.settings />
            </RequireSignIn>
          </Route>
          <Route path="/admin" component={pages.admin} />
          <Route path="/checkout/:submissionId">
            {(params) => (
              <RequireSignIn>
                <pages.checkout submissionId={params.submissionId} />
              </RequireSignIn>
            )}
          </Route>
          <Route component={pages.notFound} />
        </Switch>
      </Suspense>
    </Layout>
  );
}
