import { useCallback, useId, useState } from 'react';
import { Link } from 'wouter';
import { isStaff } from '@shared/auth.schema';
import { BarChart3, Cog, PoundSterling, RefreshCw, Users, type LucideIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { usePageMeta } from '@client/lib/page-meta';
import { useAdminQueue, type QueueFilters } from './api/get-queue';
import { QueueSkeleton, QueueTable } from './queue-table';
import { SignOffSamplingNote } from '@client/features/sign-offs';
import { QueueToolbar, QueueViewTabs, queueTabId } from './queue-toolbar';
import { AdminGate } from './unauthorized';
import { LoadFailed } from '@client/components/ui/load-failed';

/** The admin-only pages the queue links to (decision 021). */
const ADMIN_PAGES: readonly { href: string; label: string; Icon: LucideIcon }[] = [
  { href: '/admin/insights', label: 'Insights', Icon: BarChart3 },
  { href: '/admin/payments', label: 'Payments', Icon: PoundSterling },
  { href: '/admin/team', label: 'Team', Icon: Users },
  { href: '/admin/jobs', label: 'Jobs', Icon: Cog },
];

function Queue({ isAdmin }: { isAdmin: boolean }) {
  // The desk opens on the work still to do (issue 42); the status filter's "All" lists everything.
  const [filters, setFilters] = useState<QueueFilters>({ view: 'all', status: 'open', q: '', sort: 'due' });
  const onChange = useCallback((next: QueueFilters) => setFilters(next), []);
  const queue = useAdminQueue(filters, true);
  const panelId = useId();
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{isAdmin ? 'Admin panel' : 'Review queue'}</h1>
          <p className="text-slate-600">Every submission, what is due first, and the review of each order.</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {/* Money, insights and the team are for admins only (decision 021); the exports are on Payments (issue 42). */}
          {isAdmin
            ? ADMIN_PAGES.map(({ href, label, Icon }) => (
                <Button key={href} asChild variant="outline" size="sm">
                  <Link href={href}>
                    <Icon className="h-4 w-4" aria-hidden="true" /> {label}
                  </Link>
                </Button>
              ))
            : (
                // A reviewer's own scorecard (issue 44 item 5) is on the insights page.
                <Button asChild variant="outline" size="sm">
                  <Link href="/admin/insights">
                    <BarChart3 className="h-4 w-4" aria-hidden="true" /> My scorecard
                  </Link>
                </Button>
              )}
          <Button variant="outline" size="sm" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
            <RefreshCw className={queue.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" /> Refresh
          </Button>
        </div>
      </div>
      <QueueViewTabs view={filters.view} panelId={panelId} onChange={(view) => onChange({ ...filters, view })} />
      <QueueToolbar filters={filters} onChange={onChange} />
      <div role="tabpanel" id={panelId} aria-labelledby={queueTabId(panelId, filters.view)} className="flex flex-col gap-6">
      <SignOffSamplingNote always={filters.view === 'sign-off'} />
      {queue.isLoading ? (
        <QueueSkeleton />
      ) : queue.isError ? (
        <LoadFailed variant="panel" onRetry={() => void queue.refetch()}>
          The submissions could not be loaded.
        </LoadFailed>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-medium text-slate-800">No submissions found</p>
          {filters.q || filters.status !== 'all' || filters.view !== 'all' ? (
            <p className="mt-1 text-sm text-slate-600">Try another view, status or search.</p>
          ) : null}
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            Showing {items.length} {items.length === 1 ? 'submission' : 'submissions'}
            {queue.hasNextPage ? ' (more available)' : ''}
          </p>
          <QueueTable items={items} />
          {queue.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void queue.fetchNextPage()} disabled={queue.isFetchingNextPage}>
                {queue.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
      </div>
    </div>
  );
}

export default function AdminPage() {
  usePageMeta();
  return <AdminGate allowed={isStaff}>{(user) => <Queue isAdmin={user.isAdmin} />}</AdminGate>;
}
