import { RefreshCw, RotateCcw } from 'lucide-react';
import { JOB_QUEUE_LABELS, type FailedJob } from '@shared/jobs.schema';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { ResourceList, ResourceRow } from '@client/components/ui/resource-list';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { AdminSubpage } from '@client/features/admin';
import { formatDateTime } from '@client/lib/format';
import { usePageMeta } from '@client/lib/page-meta';
import { useJobsOverview, useRetryJob } from './api/jobs';
import { ColumnHeaders } from '@client/components/ui/column-headers';

const label = (queue: string) => JOB_QUEUE_LABELS[queue] ?? queue;

/** The counts of a queue, in the table's order. */
const COUNTS = [
  { key: 'waiting', label: 'Waiting' },
  { key: 'active', label: 'Running' },
  { key: 'failed', label: 'Failed' },
] as const;

function FailedJobRow({ job }: { job: FailedJob }) {
  const retry = useRetryJob();
  return (
    <ResourceRow
      variant="panel"
      testId={`failed-job-${job.id}`}
      title={label(job.queue)}
      details={`Failed ${formatDateTime(job.failedAt)} after ${job.retries + 1} ${job.retries === 0 ? 'try' : 'tries'}`}
      extra={job.error ? <p className="mt-1 break-words font-mono text-xs text-red-800">{job.error}</p> : null}
      actions={
        <Button
          size="sm"
          variant="outline"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(job.id, { onSuccess: (answer) => toast({ title: 'Retried', description: answer.message }) })
          }
        >
          <RotateCcw className="h-4 w-4" aria-hidden="true" /> {retry.isPending ? 'Retrying...' : 'Retry'}
        </Button>
      }
    />
  );
}

function Overview() {
  const jobs = useJobsOverview();
  if (jobs.isPending) return <Skeleton className="h-48 w-full" />;
  if (jobs.isError) {
    return (
      <FormAlert>
        The background jobs could not be loaded.{' '}
        <button type="button" className="underline" onClick={() => void jobs.refetch()}>
          Try again
        </button>
      </FormAlert>
    );
  }
  const { queues, failed } = jobs.data;
  return (
    <>
      <section aria-labelledby="queues-heading" className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-3">
          <h2 id="queues-heading" className="text-lg font-semibold">
            Queues
          </h2>
          <Button size="sm" variant="outline" onClick={() => void jobs.refetch()} disabled={jobs.isFetching}>
            <RefreshCw className={jobs.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" /> Refresh
          </Button>
        </div>
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <ColumnHeaders lead="Queue" labels={COUNTS.map((c) => c.label)} numeric cellClassName="px-4 py-2 font-medium" />
            </thead>
            <tbody className="divide-y divide-slate-100">
              {queues.map((q) => (
                <tr key={q.queue}>
                  <th scope="row" className="px-4 py-2 font-medium">{label(q.queue)}</th>
                  {COUNTS.map((c) => (
                    <td key={c.key} className="px-4 py-2 text-right tabular-nums">
                      {q[c.key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="failed-heading" className="flex flex-col gap-2">
        <h2 id="failed-heading" className="text-lg font-semibold">
          Failed jobs
        </h2>
        <p className="text-sm text-slate-600">
          A job lands here after every try failed. Fix the cause (the mail server, storage, a receiver), then retry it.
        </p>
        <ResourceList label="Failed jobs" items={failed} emptyText="No failed jobs." emptyBoxed variant="panel">
          {(job) => <FailedJobRow job={job} />}
        </ResourceList>
      </section>
    </>
  );
}

/** /admin/jobs (decision 031): background queues and the jobs that failed every try, with "Retry". Admins only. */
export default function JobsPage() {
  usePageMeta();
  return (
    <AdminSubpage title="Background jobs" lead="E-mail and webhook delivery, due-soon reminders, suggested claims, link checks and the retention purge.">
      {() => <Overview />}
    </AdminSubpage>
  );
}
