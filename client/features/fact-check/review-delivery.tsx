import { useMemo, useState } from 'react';
import { reviewedTextOf } from '@shared/review.schema';
import type { Submission } from '@shared/submission.schema';
import { diffWords, wordsChanged } from '@shared/text-diff';
import { cn } from '@client/lib/cn';
import { CertificateCard } from '@client/features/certificates';
import { DeliveryDownloads } from './delivery-downloads';
import { DiffLegend, DiffView } from './diff-view';
import { FactCheckReportView } from './fact-check-report';

type ViewMode = 'changes' | 'clean';

function ToggleButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-emerald-600',
        pressed ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}

/**
 * A delivered review as the customer receives it, result first (issue 45): what changed, the files (the Word file
 * the main button), the reviewer's notes, the text with its changes or as a clean copy, then the report and the
 * certificate. `label` marks which delivery it is ("Delivery 1" while a revision is made).
 */
export function ReviewDelivery({ submission, label }: { submission: Submission; label?: string }) {
  const [view, setView] = useState<ViewMode>('changes');
  const reviewed = reviewedTextOf(submission);
  const hasText = reviewed.trim() !== '';
  const parts = useMemo(() => (hasText ? diffWords(submission.content, reviewed) : []), [hasText, submission.content, reviewed]);
  const changed = wordsChanged(parts);

  return (
    <div className="flex flex-col gap-6" data-testid="review-delivery">
      <section className="flex flex-col gap-3" aria-labelledby={`${submission.id}-reviewed`}>
        <div className="flex flex-col gap-1">
          <h3 id={`${submission.id}-reviewed`} className="text-base font-semibold text-slate-900">
            Your reviewed content
            {label ? (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700" data-testid="delivery-label">
                {label}
              </span>
            ) : null}
          </h3>
          {hasText ? (
            <p className="text-sm text-slate-700" data-testid="words-changed">
              {changed.toLocaleString('en-GB')} {changed === 1 ? 'word' : 'words'} changed
            </p>
          ) : null}
        </div>
        <DeliveryDownloads submissionId={submission.id} hasText={Boolean(submission.reviewedContent)} hasReviewedText={hasText} />
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-semibold text-slate-900">Reviewer notes</h4>
          <p className="text-sm whitespace-pre-wrap text-slate-800" data-testid="reviewer-notes">
            {submission.reviewerNotes || 'No notes from the reviewer.'}
          </p>
        </div>
        {hasText ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="text-sm font-semibold text-slate-900">Reviewed text</h4>
              <div className="inline-flex rounded-lg border border-slate-200 p-0.5" role="group" aria-label="How to show the reviewed content">
                <ToggleButton pressed={view === 'changes'} onClick={() => setView('changes')}>
                  Show changes
                </ToggleButton>
                <ToggleButton pressed={view === 'clean'} onClick={() => setView('clean')}>
                  Clean copy
                </ToggleButton>
              </div>
            </div>
            {view === 'changes' ? (
              <>
                <DiffLegend />
                <DiffView parts={parts} />
              </>
            ) : (
              <div
                className="max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800"
                data-testid="clean-copy"
              >
                {reviewed}
              </div>
            )}
          </>
        ) : (
          <p className="text-sm text-slate-600">
            {submission.documentLink || submission.documents.length > 0
              ? 'The reviewer delivered this review as documents: see below.'
              : 'No reviewed text was delivered with this review.'}
          </p>
        )}
      </section>
      <section className="flex flex-col gap-2" aria-labelledby={`${submission.id}-report`}>
        <h3 id={`${submission.id}-report`} className="text-sm font-semibold text-slate-900">
          Fact-check report
        </h3>
        <FactCheckReportView submissionId={submission.id} content={submission.content} />
      </section>
      <CertificateCard submissionId={submission.id} />
    </div>
  );
}
