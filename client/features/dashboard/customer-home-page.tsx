import { Link } from 'wouter';
import { FilePlus2, LayoutList } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useCurrentUser } from '@client/lib/current-user';
import { usePageMeta } from '@client/lib/page-meta';
import { NoSubmissionsYet } from './empty-state';
import { greetingName } from './greeting';
import { RecentActivity } from './recent-activity';
import { StatCounters } from './stat-counters';
import { useSubmissions } from './api/get-submissions';

/** `/` for a signed-in customer. */
export default function CustomerHomePage() {
  usePageMeta('Home', 'Your HumanProof orders at a glance.');
  const { user } = useCurrentUser();
  const submissions = useSubmissions();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Welcome back, {greetingName(user)}!</h1>
      <p className="mt-1 text-slate-600">Here is what is happening with your content.</p>
      <div className="mt-8 flex flex-col gap-6">
        <StatCounters submissions={submissions.data} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <Card>
            <CardHeader>
              <CardTitle>Quick actions</CardTitle>
              <CardDescription>Start a new order or check on the ones you have.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <Button asChild variant="accent" className="justify-start">
                <Link href="/check-now">
                  <FilePlus2 className="h-4 w-4" aria-hidden="true" /> Submit new content
                </Link>
              </Button>
              <Button asChild variant="outline" className="justify-start">
                <Link href="/dashboard">
                  <LayoutList className="h-4 w-4" aria-hidden="true" /> View all submissions
                </Link>
              </Button>
            </CardContent>
          </Card>
          <RecentActivity
            submissions={submissions.data}
            isLoading={submissions.isLoading}
            isError={submissions.isError}
            onRetry={() => void submissions.refetch()}
            empty={<NoSubmissionsYet />}
          />
        </div>
      </div>
    </div>
  );
}
