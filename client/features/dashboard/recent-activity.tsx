import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { tierLabel } from '@shared/service-tiers';
import type { Submission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatDate } from '@client/lib/format';
import { CustomerStatusBadge } from '@client/components/ui/status-badge';
import { RECENT_ACTIVITY_COUNT } from './submission-counts';
import { cutAtWord } from '@shared/order-title';

/** The recent list shows a title to this length, cut at a word (issue 45), the whole title in the tooltip. */
const RECENT_TITLE_CHARACTERS = 60;

export function PlaceholderRows({ count = 3 }: { count?: number }) {
  return (
    <ul aria-label="Loading" aria-busy="true" className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} data-testid="placeholder-row" className="flex items-center justify-between gap-4 rounded-lg border border-slate-100 p-3">
          <div className="flex flex-col gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-48" />
          </div>
          <Skeleton className="h-5 w-16 rounded-full" />
        </li>
      ))}
    </ul>
  );
}

/** The 3 newest submissions, with a link to the full list. */
export function RecentActivity({
  submissions,
  isLoading,
  isError,
  onRetry,
  empty,
  showViewAll = true,
}: {
  submissions: Submission[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  empty: React.ReactNode;
  showViewAll?: boolean;
}) {
  const recent = (submissions ?? []).slice(0, RECENT_ACTIVITY_COUNT);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Recent activity</CardTitle>
        {showViewAll ? (
          <Button asChild variant="link" size="sm">
            <Link href="/dashboard">
              View all <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <PlaceholderRows />
        ) : isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm text-slate-700">
            <p>We could not load your submissions.</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : recent.length === 0 ? (
          empty
        ) : (
          <ul aria-label="Recent submissions" className="flex flex-col divide-y divide-slate-100">
            {recent.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-900" title={s.title}>
                    {cutAtWord(s.title, RECENT_TITLE_CHARACTERS)}
                  </p>
                  <p className="text-sm text-slate-600">
                    <span className="font-mono">{s.id}</span> · {tierLabel(s.serviceTier)} · {s.wordCount.toLocaleString('en-GB')} words ·{' '}
                    {formatDate(s.createdAt)}
                  </p>
                </div>
                <CustomerStatusBadge submission={s} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
