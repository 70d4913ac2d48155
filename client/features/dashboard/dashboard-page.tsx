import { MessageSquare, RefreshCw } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/lib/current-user';
import { cn } from '@client/lib/cn';
import { usePageMeta } from '@client/lib/page-meta';
import { NoRecentActivity, NoSubmissionsYet } from './empty-state';
import { greetingName } from './greeting';
import { CustomerOverview } from './customer-overview';
import { PlaceholderRows } from './recent-activity';
import { SubmissionList } from './submission-list';
import { useSubmissions } from './api/get-submissions';

export default function DashboardPage() {
  usePageMeta();
  const { user } = useCurrentUser();
  const submissions = useSubmissions();

  const refresh = async () => {
    const result = await submissions.refetch();
    if (result.isError) {
      toast({ title: 'Error', description: 'Could not refresh your submissions. Please try again.', variant: 'destructive' });
    } else {
      toast({ title: 'Refreshed', description: 'Submissions list updated' });
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <p className="mt-1 text-slate-600">Welcome back, {greetingName(user)}. Track your orders and talk to the review team.</p>
      <div className="mt-8 flex flex-col gap-6">
        <CustomerOverview
          submissions={submissions}
          secondaryAction={
            <a href="#submissions">
              <MessageSquare className="h-4 w-4" aria-hidden="true" /> View all messages
            </a>
          }
          emptyActivity={<NoRecentActivity />}
          showViewAll={false}
        />

        <section id="submissions" aria-labelledby="submissions-heading" className="flex scroll-mt-20 flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="submissions-heading" className="text-xl font-semibold">
                Your submissions
              </h2>
              <CardDescription>Open Messages on any submission to talk to the review team.</CardDescription>
            </div>
            <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={submissions.isFetching}>
              <RefreshCw className={cn('h-4 w-4', submissions.isFetching && 'animate-spin')} aria-hidden="true" /> Refresh
            </Button>
          </div>
          {submissions.isLoading ? (
            <Card className="p-5">
              <PlaceholderRows />
            </Card>
          ) : submissions.isError && !submissions.data ? (
            <Card role="alert" className="flex flex-col items-start gap-2 p-5 text-sm text-slate-700">
              <p>We could not load your submissions.</p>
              <Button variant="outline" size="sm" onClick={() => void submissions.refetch()}>
                Try again
              </Button>
            </Card>
          ) : submissions.data && submissions.data.length > 0 ? (
            <>
              <SubmissionList submissions={submissions.data} />
              {submissions.hasNextPage ? (
                <div className="flex flex-col items-center gap-2">
                  <Button variant="outline" onClick={() => void submissions.fetchNextPage()} disabled={submissions.isFetchingNextPage}>
                    {submissions.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </Button>
                  {submissions.isFetchNextPageError ? (
                    <p role="alert" className="text-sm text-red-700">
                      We could not load more submissions. Please try again.
                    </p>
                  ) : null}
                </div>
              ) : null}
            </>
          ) : (
            <Card>
              <NoSubmissionsYet />
            </Card>
          )}
        </section>
      </div>
    </div>
  );
}
