import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { categoryLabel } from '@shared/categories';
import { tierLabel } from '@shared/service-tiers';
import { CONTENT_PREVIEW_DASHBOARD, type Submission } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { downloadReviewedContent } from './download-reviewed';
import { formatDate, formatPence } from '@client/lib/format';
import { MessagesDialog } from './messages-dialog';
import { CustomerStatusBadge } from '@client/components/ui/status-badge';
import { UnpaidOrderActions } from './unpaid-order-actions';
import { SubmissionDetailsDialog } from './submission-details-dialog';
import { RenameOrderButton } from './rename-order-button';
import { AfterPaymentActions, RefundedAmount } from './after-payment-actions';
import { RateDelivery } from '@client/features/ratings';
import { ReviewerPreferenceControl } from '@client/features/reviewer-preferences';

export function contentPreview(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > CONTENT_PREVIEW_DASHBOARD ? `${flat.slice(0, CONTENT_PREVIEW_DASHBOARD)}…` : flat;
}

/** One fact on the card: its label beside its value. */
function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function SubmissionCard({ submission: s }: { submission: Submission }) {
  const canDownload = s.status === 'completed' && Boolean(s.reviewedContent);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="submission-card" data-submission-id={s.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{s.title}</h3>
          <p className="text-sm text-slate-600">
            <span className="font-mono">{s.id}</span> · Submitted {formatDate(s.createdAt)}
          </p>
          {s.placedBy ? (
            // An organisation's order (decision 047): which colleague placed it. Absent on a lone account's orders.
            <p className="text-sm text-slate-600" data-testid="placed-by">
              Placed by <span className="font-medium text-slate-800">{s.placedBy.name || s.placedBy.email}</span>
            </p>
          ) : null}
        </div>
        <CustomerStatusBadge submission={s} />
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <CardFact label="Service">{tierLabel(s.serviceTier)}</CardFact>
        <CardFact label="Words">{s.wordCount.toLocaleString('en-GB')}</CardFact>
        <CardFact label="Category">{categoryLabel(s.category)}</CardFact>
        <CardFact label="Amount">{formatPence(s.amountPence)}</CardFact>
        {/* A due date only while work is owed: none once delivered or cancelled (issue 45). */}
        {s.dueDate && s.status !== 'completed' && s.status !== 'cancelled' ? <CardFact label="Due">{formatDate(s.dueDate)}</CardFact> : null}
      </dl>
      {/* Once delivered, the card previews the reviewed text (issue 45), the original before that. */}
      <p className="text-sm break-words text-slate-700" data-testid="content-preview" data-preview={s.reviewedContent ? 'reviewed' : 'original'}>
        {s.reviewedContent ? <span className="font-medium text-slate-900">Reviewed: </span> : null}
        {contentPreview(s.reviewedContent || s.content)}
      </p>
      <RefundedAmount submission={s} />
      {s.status === 'completed' ? (
        <>
          <RateDelivery submissionId={s.id} />
          <ReviewerPreferenceControl submissionId={s.id} />
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <UnpaidOrderActions submission={s} />
        <MessagesDialog submissionId={s.id} title={s.title} />
        <RenameOrderButton submission={s} />
        <SubmissionDetailsDialog submission={s} />
        <AfterPaymentActions submission={s} />
        {canDownload ? (
          <Button variant="outline" size="sm" onClick={() => downloadReviewedContent(s.id, s.reviewedContent ?? '')}>
            <Download className="h-4 w-4" aria-hidden="true" /> Download text (.txt)
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

export function SubmissionList({ submissions }: { submissions: Submission[] }) {
  return (
    <ul className="flex flex-col gap-4" aria-label="All submissions">
      {submissions.map((s) => (
        <li key={s.id}>
          <SubmissionCard submission={s} />
        </li>
      ))}
    </ul>
  );
}
