import { CheckCircle2, Clock, FileText, MessageSquare } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useRecentMessageCount } from '@client/features/messages';
import { useSubmissionSummary } from './api/get-submissions';

function Counter({ label, value, icon }: { label: string; value: number | undefined; icon: React.ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">{icon}</span>
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1 h-7 w-10" />
        ) : (
          <p className="text-2xl font-bold text-slate-900" data-testid={`counter-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * Total submissions, in review, completed (one aggregate over all the customer's orders, GET
 * /api/submissions/summary: the list is paged), and unread messages from the team.
 */
export function StatCounters() {
  const counts = useSubmissionSummary().data;
  const messages = useRecentMessageCount();
  return (
    <section aria-label="Your numbers" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Counter label="Total submissions" value={counts?.total} icon={<FileText className="h-5 w-5" aria-hidden="true" />} />
      <Counter label="In review" value={counts?.inReview} icon={<Clock className="h-5 w-5" aria-hidden="true" />} />
      <Counter label="Completed" value={counts?.completed} icon={<CheckCircle2 className="h-5 w-5" aria-hidden="true" />} />
      <Counter label="Messages" value={messages} icon={<MessageSquare className="h-5 w-5" aria-hidden="true" />} />
    </section>
  );
}
