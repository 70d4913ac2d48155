import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { FilePlus2 } from 'lucide-react';
import type { Submission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { RecentActivity } from './recent-activity';
import { StatCounters } from './stat-counters';

interface OverviewProps {
  submissions: { data: Submission[] | undefined; isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** The second quick action: "View all submissions" on the home page, "View all messages" on the dashboard. */
  secondaryAction: ReactNode;
  quickActionsDescription?: string;
  emptyActivity: ReactNode;
  showViewAll?: boolean;
}

/** The top of both customer pages (/ signed in, /dashboard): the counters, the quick actions and recent activity. */
export function CustomerOverview({ submissions, secondaryAction, quickActionsDescription, emptyActivity, showViewAll }: OverviewProps) {
  return (
    <>
      <StatCounters />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Quick actions</CardTitle>
            {quickActionsDescription ? <CardDescription>{quickActionsDescription}</CardDescription> : null}
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Button asChild variant="accent" className="justify-start">
              <Link href="/check-now">
                <FilePlus2 className="h-4 w-4" aria-hidden="true" /> Submit new content
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              {secondaryAction}
            </Button>
          </CardContent>
        </Card>
        <RecentActivity
          submissions={submissions.data}
          isLoading={submissions.isLoading}
          isError={submissions.isError}
          onRetry={() => void submissions.refetch()}
          empty={emptyActivity}
          {...(showViewAll === undefined ? {} : { showViewAll })}
        />
      </div>
    </>
  );
}
