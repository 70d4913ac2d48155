import { Link } from 'wouter';
import { FileCheck2, LogIn, UserPlus } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { LOGIN_URL, SIGN_UP_URL } from '@client/lib/login-redirect';
import { usePageMeta } from '@client/lib/page-meta';
import { useHydrated } from '@client/lib/use-hydrated';
import { pendingOrderLine, readPendingOrder } from './pending-order-summary';

export default function LoginPage() {
  usePageMeta();
  // Read from storage once hydrated: the pre-rendered page cannot know it.
  const hydrated = useHydrated();
  const pending = hydrated ? readPendingOrder() : null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-center text-3xl font-bold">Welcome to HumanProof</h1>
      <p className="mt-2 text-center text-slate-600">Sign in or create an account to order and track your reviews.</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2" data-login-cards="">
        <Card>
          <CardHeader>
            <LogIn className="h-6 w-6 text-emerald-700" aria-hidden="true" />
            <CardTitle>Sign in to existing account</CardTitle>
            <CardDescription>Pick up where you left off: your orders, messages and reviewed content.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild className="w-full" size="lg">
              <a href={LOGIN_URL}>Sign in</a>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <UserPlus className="h-6 w-6 text-emerald-700" aria-hidden="true" />
            <CardTitle>Create new account</CardTitle>
            <CardDescription>It takes a minute. You only pay when you submit content for review.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="accent" className="w-full" size="lg">
              <a href={SIGN_UP_URL}>Create account</a>
            </Button>
          </CardContent>
        </Card>
      </div>
      {/* Below the cards, not above: it appears once the page is hydrated (the pre-rendered page cannot know the
          browser's storage), and above the cards it pushed them down under a visitor's pointer as they pressed. */}
      {pending ? (
        <div role="status" className="mx-auto mt-6 flex max-w-xl items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
          <FileCheck2 className="mt-0.5 h-5 w-5 text-emerald-700" aria-hidden="true" />
          <div>
            <p className="font-semibold text-emerald-900">Your submission is ready</p>
            <p className="text-sm font-medium text-emerald-900" data-testid="pending-order">
              {pendingOrderLine(pending)}
            </p>
            <p className="text-sm text-emerald-900">
              {pending.orders > 1
                ? 'Sign in or create an account and we will create the orders; each waits on your dashboard for payment.'
                : 'Sign in or create an account and we will take you straight to checkout.'}
            </p>
          </div>
        </div>
      ) : null}
      <p className="mt-8 text-center text-sm text-slate-600">
        By continuing you agree to our{' '}
        <Link href="/terms-of-service" className="text-accent underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link href="/privacy-policy" className="text-accent underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
