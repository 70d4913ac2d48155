import { useId, useState } from 'react';
import { englishVariantLabel, type EnglishVariant } from '@shared/categories';
import { STYLE_RULES_COLLAPSED_OVER } from '@shared/style-guide.schema';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useOrderHouseStyle } from './api/workspace-panels';

/**
 * The order's house style beside its language checks (decision 046): the spelling variant the checks use and the
 * customer's free-text rules (long rules start collapsed). Its terms show as "House style" findings in the checks.
 * Nothing is shown when no house style applies.
 */
export function HouseStylePanel({ submissionId, orderVariant }: { submissionId: string; orderVariant: EnglishVariant }) {
  const headingId = useId();
  const rulesId = useId();
  const [expanded, setExpanded] = useState(false);
  const query = useOrderHouseStyle(submissionId);
  if (query.isPending) return <Skeleton className="h-10 w-full" />;
  if (query.isError) return <p className="text-sm text-red-700">The order’s house style could not be loaded.</p>;
  const style = query.data.houseStyle;
  if (!style) return null;
  const long = style.rules.length > STYLE_RULES_COLLAPSED_OVER.characters || style.rules.split('\n').length > STYLE_RULES_COLLAPSED_OVER.lines;
  const whose = style.owner === 'organisation' ? 'the customer’s organisation' : 'the customer';
  return (
    <section className="flex flex-col gap-2 rounded-md border border-green-200 bg-green-50/50 p-3" aria-labelledby={headingId} data-testid="house-style-panel">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        House style
      </h4>
      <p className="text-xs text-slate-700">
        Set by {whose}: {style.termCount} {style.termCount === 1 ? 'term' : 'terms'}, checked as “House style” findings.
      </p>
      <p className="text-sm text-slate-800" data-testid="house-style-variant">
        Spelling:{' '}
        {style.spellingVariant ? (
          <>
            <strong>{englishVariantLabel(style.spellingVariant)}</strong>
            {style.spellingVariant !== orderVariant ? ` (the house style’s, over the order’s ${englishVariantLabel(orderVariant)})` : ''}
          </>
        ) : (
          <>the order’s own ({englishVariantLabel(orderVariant)})</>
        )}
      </p>
      {style.rules ? (
        <div className="flex flex-col gap-1">
          <p className="text-xs font-medium text-slate-700">Rules</p>
          <div
            id={rulesId}
            className={long && !expanded ? 'max-h-24 overflow-hidden text-sm whitespace-pre-wrap text-slate-800' : 'text-sm whitespace-pre-wrap text-slate-800'}
            data-testid="house-style-rules"
          >
            {style.rules}
          </div>
          {long ? (
            <div>
              <Button type="button" variant="outline" size="sm" aria-expanded={expanded} aria-controls={rulesId} onClick={() => setExpanded((v) => !v)}>
                {expanded ? 'Show less' : 'Show all rules'}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
