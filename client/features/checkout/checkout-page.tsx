import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { CheckCircle2, RefreshCw, SearchX, ShieldCheck } from 'lucide-react';
import { PAYMENT_MESSAGES } from '@shared/payment.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { Skeleton, Spinner } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { usePageMeta } from '@client/lib/page-meta';
import { formatPence } from '@client/lib/format';
import { usePaymentIntent } from './api/create-payment-intent';
import { useCheckoutSubmission } from './api/get-submission';
import { CheckoutInvoiceDetails } from '@client/features/billing-documents';
import { CheckoutSummary } from './checkout-summary';
import { SandboxCardForm } from './sandbox-card-form';
import { SavedCardChoices } from './saved-card-choices';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

function CenteredState({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      {icon}
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

function NotFound() {
  return (
    <CenteredState icon={<SearchX className="h-10 w-10 text-slate-500" aria-hidden="true" />} title="Submission Not Found">
      <p className="text-slate-600">We could not find this submission in your account. Check the link or find your orders on the dashboard.</p>
      <Button asChild variant="outline">
        <Link href="/dashboard">Go to dashboard</Link>
      </Button>
    </CenteredState>
  );
}

function AlreadyPaid({ submissionId }: { submissionId: string }) {
  return (
    <CenteredState icon={<CheckCircle2 className="h-10 w-10 text-emerald-700" aria-hidden="true" />} title="This order is already paid">
      <p className="text-slate-600">
        Submission <span className="font-mono">{submissionId}</span> needs no further payment. Follow its review on your dashboard.
      </p>
      <Button asChild>
        <Link href="/dashboard">Go to dashboard</Link>
      </Button>
    </CenteredState>
  );
}

function PaymentSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

export default function CheckoutPage({ submissionId }: { submissionId: string }) {
  usePageMeta();
  const submission = useCheckoutSubmission(submissionId);
  const payable = submission.data?.status === 'new';
  const intent = usePaymentIntent(submissionId, payable);

  const setupFailed = intent.isError && ![404, 409].includes(statusOf(intent.error));
  useEffect(() => {
    if (setupFailed) {
      toast({
        title: 'Payment Setup Failed',
        description: PAYMENT_MESSAGES.setupFailed,
        variant: 'destructive',
      });
    }
  }, [setupFailed, intent.errorUpdatedAt]);

  if (submission.isLoading) {
    return (
      // A whole screen: the footer is not painted beside the spinner and then pushed away (issue 45). Its own key:
      // the page replaces it rather than React reusing the box, which the browser would count as a layout shift.
      <div key="loading" className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading your order" />
      </div>
    );
  }
  if (submission.isError && statusOf(submission.error) !== 404) {
    return (
      <CenteredState icon={<RefreshCw className="h-10 w-10 text-slate-500" aria-hidden="true" />} title="We could not load your order">
        <p className="text-slate-600">Check your connection and try again.</p>
        <Button variant="outline" onClick={() => void submission.refetch()}>
          Try again
        </Button>
      </CenteredState>
    );
  }
  if (!submission.data || statusOf(intent.error) === 404) return <NotFound />;
  if (!payable || statusOf(intent.error) === 409) return <AlreadyPaid submissionId={submission.data.id} />;
  if (intent.isSuccess && !intent.data.clientSecret) return <NotFound />;

  const payLabel = `Pay ${formatPence(submission.data.amountPence)}`;
  const answer = intent.data;
  return (
    <div key="checkout" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
      <p className="mt-2 text-slate-600">Step 3 of 3: pay securely to send your content to our reviewers.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Card className="order-2 lg:order-1">
          <IconCardHeader icon={ShieldCheck} title="Card payment" description="Payment is taken in full before work begins. Your card details go straight to the payment provider." />
          <CardContent>
            {intent.isLoading ? (
              <PaymentSkeleton />
            ) : setupFailed ? (
              <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
                <p>{PAYMENT_MESSAGES.setupFailed}</p>
                <Button variant="outline" size="sm" onClick={() => void intent.refetch()}>
                  <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try again
                </Button>
              </div>
            ) : answer?.clientSecret && answer.provider === 'stripe' && answer.publishableKey ? (
              <>
                <SavedCardChoices submissionId={submissionId} payLabel={payLabel} />
                <Suspense fallback={<PaymentSkeleton />}>
                  <StripePaymentForm clientSecret={answer.clientSecret} publishableKey={answer.publishableKey} payLabel={payLabel} />
                </Suspense>
              </>
            ) : answer?.clientSecret ? (
              <>
                <SavedCardChoices submissionId={submissionId} payLabel={payLabel} />
                <SandboxCardForm clientSecret={answer.clientSecret} payLabel={payLabel} />
              </>
            ) : null}
          </CardContent>
        </Card>
        <div className="order-1 flex flex-col gap-6 lg:order-2">
          <CheckoutSummary submission={submission.data} />
          <CheckoutInvoiceDetails submissionId={submission.data.id} />
        </div>
      </div>
    </div>
  );
}
