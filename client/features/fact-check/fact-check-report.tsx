import { FINDING_CATEGORIES, FINDING_CATEGORY_LABELS } from '@shared/language-checks.schema';
import { houseStyleAppliedLine, NO_CHECKABLE_CLAIMS_LABEL, VERDICT_HINTS, VERDICT_LABELS, VERDICTS } from '@shared/fact-check.schema';
import { Skeleton } from '@client/components/ui/skeleton';
import { PassageInContext } from './passage-in-context';
import { SourceLinks } from './source-links';
import { useFactCheckReport } from './api/get-fact-check-report';
import { VerdictBadge } from './verdict-badge';

/** The customer's fact-check report: counts per verdict, then each claim in the text with its sources and note. */
export function FactCheckReportView({ submissionId, content }: { submissionId: string; content: string }) {
  const report = useFactCheckReport(submissionId, true);
  if (report.isLoading) return <Skeleton className="h-24 w-full" />;
  if (report.isError || !report.data) return <p className="text-sm text-red-700">Could not load the fact-check report.</p>;
  const { claims, counts, noCheckableClaims, languageFixes, houseStyleApplied } = report.data;
  const fixes = FINDING_CATEGORIES.filter((c) => c !== 'house-style' && (languageFixes[c] ?? 0) > 0);
  return (
    <div className="flex flex-col gap-4" data-testid="fact-check-report">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Claims per verdict">
        {VERDICTS.map((v) => (
          <div key={v} className="rounded-md border border-slate-200 p-2">
            <dt className="text-xs text-slate-600">{VERDICT_LABELS[v]}</dt>
            <dd className="text-lg font-semibold text-slate-900">{counts[v]}</dd>
          </div>
        ))}
      </dl>
      {fixes.length > 0 ? (
        <p className="text-sm text-slate-700" data-testid="language-fixes">
          Language checks fixed: {fixes.map((c) => `${FINDING_CATEGORY_LABELS[c]} ${languageFixes[c]}`).join(' · ')}
        </p>
      ) : null}
      {houseStyleApplied !== null ? (
        <p className="text-sm text-slate-700" data-testid="house-style-applied">
          {houseStyleAppliedLine(houseStyleApplied)}
        </p>
      ) : null}
      {claims.length === 0 ? (
        <p className="text-sm text-slate-700">
          {noCheckableClaims
            ? `${NO_CHECKABLE_CLAIMS_LABEL}: the reviewer found no claim in your text that a source could confirm.`
            : 'No claims were recorded for this review.'}
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Checked claims">
          {claims.map((claim, i) => (
            <li key={claim.id} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                Claim {i + 1} <VerdictBadge verdict={claim.verdict} />
                <span className="font-normal text-slate-600">{VERDICT_HINTS[claim.verdict]}</span>
              </p>
              <PassageInContext content={content} claim={claim} />
              {claim.note ? <p className="text-sm text-slate-800">{claim.note}</p> : null}
              <SourceLinks sources={claim.sources} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
