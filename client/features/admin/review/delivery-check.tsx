import { AlertDialog } from 'radix-ui';
import { countVerdicts, VERDICT_LABELS, VERDICTS, type Claim } from '@shared/fact-check.schema';
import { activeMinutesOf, type EffortCounts } from '@shared/review-effort.schema';
import { Button } from '@client/components/ui/button';
import { useCurrentUser } from '@client/lib/current-user';
import type { Outstanding } from './use-review-form';

export interface DeliveryCheckFacts {
  outstanding: Outstanding;
  claims: readonly Pick<Claim, 'verdict' | 'sources'>[];
  changedWords: number;
  effort: EffortCounts & { activeSeconds: number };
  reviewer: { firstName: string | null; lastName: string | null } | null;
}

export interface DeliveryCheckLine {
  label: string;
  value: string;
  /** Worth a second look before delivery. */
  warn: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The reviewer as the certificate names them: first name and the initial of the last ("Ana R."). */
export function certificateReviewerLine(reviewer: DeliveryCheckFacts['reviewer']): string {
  const first = reviewer?.firstName?.trim() ?? '';
  if (first === '') return 'A HumanProof reviewer';
  const initial = [...(reviewer?.lastName?.trim() ?? '')][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The lines of the check before delivery (issue 42): what is still open, the report, the effort and the certificate. */
export function deliveryCheckLines({ outstanding, claims, changedWords, effort, reviewer }: DeliveryCheckFacts): DeliveryCheckLine[] {
  const lines: DeliveryCheckLine[] = [];
  if (outstanding.findings !== null) {
    lines.push({ label: 'Open findings', value: String(outstanding.findings), warn: outstanding.findings > 0 });
  }
  if (outstanding.suggestions !== null) {
    lines.push({ label: 'Suggested claims not checked', value: String(outstanding.suggestions), warn: outstanding.suggestions > 0 });
  }
  const verdicts = countVerdicts(claims);
  const byVerdict = VERDICTS.filter((v) => verdicts[v] > 0).map((v) => `${verdicts[v]} ${VERDICT_LABELS[v].toLowerCase()}`);
  lines.push({ label: 'Claims in the report', value: claims.length === 0 ? 'none' : `${claims.length} (${byVerdict.join(', ')})`, warn: false });
  const unsourced = claims.filter((c) => c.sources.length === 0).length;
  lines.push({ label: 'Claims without a source', value: String(unsourced), warn: unsourced > 0 });
  const fixed = Object.values(effort.findingsByCategory).reduce((sum, n) => sum + (n ?? 0), 0);
  lines.push({
    label: 'Effort in this visit',
    value: `${effort.activeSeconds > 0 ? `${activeMinutesOf(effort.activeSeconds)} min active` : 'active time not measured'}, ${plural(effort.suggestionsAccepted, 'suggestion')} accepted (${fixed} language ${fixed === 1 ? 'fix' : 'fixes'}), ${effort.suggestionsIgnored} ignored`,
    warn: false,
  });
  lines.push({ label: 'Words changed', value: String(changedWords), warn: false });
  lines.push({ label: 'Certificate: reviewed by', value: certificateReviewerLine(reviewer), warn: false });
  return lines;
}

/**
 * The check before delivery (issue 42): Complete Review opens it, Confirm sends the review to the customer and
 * Cancel returns to the form with nothing sent. An alert dialog: a click outside does not close it.
 */
export function DeliveryCheckDialog({
  open,
  facts,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  facts: Omit<DeliveryCheckFacts, 'reviewer'>;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { user } = useCurrentUser();
  const lines = open ? deliveryCheckLines({ ...facts, reviewer: user ?? null }) : [];
  const warnings = lines.filter((l) => l.warn).length;
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content
          role="dialog"
          data-testid="delivery-check"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none"
        >
          <div className="border-b border-slate-200 p-4 sm:p-5">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">Deliver this review?</AlertDialog.Title>
            <AlertDialog.Description className="mt-1 text-sm text-slate-600">
              {warnings > 0
                ? `${plural(warnings, 'thing')} to look at before the customer gets it. Nothing is sent until you confirm.`
                : 'The customer gets the review and its certificate when you confirm.'}
            </AlertDialog.Description>
          </div>
          <dl className="grid min-h-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 overflow-y-auto p-4 text-sm sm:p-5">
            {lines.map((line) => (
              <div key={line.label} className="contents" data-warn={line.warn || undefined}>
                <dt className="text-slate-600">{line.label}</dt>
                <dd className={line.warn ? 'font-semibold text-amber-800' : 'text-slate-900'}>{line.value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-4 py-3 sm:px-5">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="accent" onClick={onConfirm}>
                Confirm and deliver
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
