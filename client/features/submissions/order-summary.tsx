import { useEffect, useState } from 'react';
import { Lock } from 'lucide-react';
import { categoryLabel } from '@shared/categories';
import { formatPence, formatRatePerWord } from '@client/lib/format';
import { FAST_TURNAROUND_HOURS, FAST_TURNAROUND_PERCENT, MINIMUM_CHARGE_PENCE, quotePrice } from '@shared/pricing';
import { TIERS, type ServiceTier } from '@shared/service-tiers';
import { vatIncludedText } from '@shared/vat';
import { MAX_CONTENT_CHARACTERS, MAX_WORDS, SUBMISSION_MESSAGES } from '@shared/submission-limits';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { englishVariantLabel } from '@shared/categories';
import { useToastClearance, useToastKeepClearRef } from '@client/components/ui/toast-clearance';

const overLimitText = (tooManyWords: boolean) =>
  `Over the ${tooManyWords ? `${MAX_WORDS.toLocaleString('en-GB')}-word` : `${MAX_CONTENT_CHARACTERS.toLocaleString('en-GB')}-character`} limit of one order: no price. Split the text into orders or ask for a quote.`;

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * Below lg the summary sits under a long form: a bar pinned to the bottom of the screen keeps the live total and a
 * submit button in view, and the page gets room at its end, and the focus room above the bar, so the bar covers
 * nothing. Hidden where the summary stands beside the form.
 */
function StickyTotalBar({
  total,
  vat,
  overLimit,
  disabled,
  pending,
}: {
  total: string;
  vat: string | null;
  overLimit: boolean;
  disabled: boolean;
  pending: boolean;
}) {
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  useToastClearance(bar);
  useEffect(() => {
    const room = ['pb-20', 'lg:pb-0'];
    // What the focus scrolls to stops above the bar, so the bar never hides a focused field (WCAG 2.4.11).
    const scrollRoom = ['scroll-pb-24', 'lg:scroll-pb-0'];
    document.body.classList.add(...room);
    document.documentElement.classList.add(...scrollRoom);
    return () => {
      document.body.classList.remove(...room);
      document.documentElement.classList.remove(...scrollRoom);
    };
  }, []);
  return (
    <div
      ref={setBar}
      data-testid="sticky-total-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4">
        <div>
          <p className="text-xs text-slate-600">Estimated total</p>
          <p className="text-xl font-bold text-slate-900" data-testid="sticky-total">
            {total}
          </p>
          {overLimit ? (
            <p className="text-xs font-medium text-red-700" data-testid="sticky-over-limit">
              Over the limit: no price
            </p>
          ) : null}
          {vat ? (
            <p className="text-xs text-slate-600" data-testid="sticky-vat">
              {vat}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="accent" disabled={disabled}>
          {pending ? 'Creating...' : 'Continue'}
        </Button>
      </div>
    </div>
  );
}

/** Estimate and order summary with the submit button; the price is the shared quotePrice, as charged. */
export function OrderSummary({
  words,
  tooManyCharacters = false,
  serviceTier,
  category,
  englishVariant,
  fast,
  pending,
  vatRateBasisPoints = 0,
}: {
  words: number;
  tooManyCharacters?: boolean;
  serviceTier: string;
  category: string;
  englishVariant: string;
  fast: boolean;
  pending: boolean;
  /** The VAT rate the prices include (site config; 0: no VAT charged). */
  vatRateBasisPoints?: number;
}) {
  const tier = serviceTier in TIERS ? TIERS[serviceTier as ServiceTier] : null;
  // No price for an order the form will not accept (issue 45): the limit is said where the price would be.
  const overLimit = words > MAX_WORDS || tooManyCharacters;
  const quote = tier && !overLimit ? quotePrice(words, tier.id, fast) : null;
  const vat = quote ? vatIncludedText(quote.totalPence, vatRateBasisPoints) : null;
  const disabled = pending || words === 0 || overLimit;
  const keepClear = useToastKeepClearRef<HTMLButtonElement>();
  return (
    <>
      <Card className="lg:sticky lg:top-20">
        <CardHeader>
          <CardTitle>Order summary</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <dl className="divide-y divide-slate-100">
            <Row label="Service" value={tier ? tier.label : 'Not chosen yet'} />
            <Row label="Price per word" value={tier ? formatRatePerWord(tier.ratePence) : '—'} />
            <Row label="Word count" value={words.toLocaleString('en-GB')} />
            <Row label="Category" value={category ? categoryLabel(category) : 'Not chosen yet'} />
            <Row label="English" value={englishVariantLabel(englishVariant)} />
            <Row
              label="Turnaround"
              value={
                fast ? (
                  <span className="inline-flex items-center gap-2">
                    {FAST_TURNAROUND_HOURS} hours <Badge tone="yellow">+{FAST_TURNAROUND_PERCENT}% fee</Badge>
                  </span>
                ) : (
                  '2-3 business days'
                )
              }
            />
          </dl>
          <div className="rounded-lg bg-slate-50 p-4">
            <div className="flex items-end justify-between gap-4">
              <div>
                <p className="text-sm text-slate-600">Estimated cost</p>
                {quote && tier ? (
                  <p className="text-xs text-slate-500">
                    {words.toLocaleString('en-GB')} × {formatRatePerWord(tier.ratePence)}
                    {fast ? ` + ${FAST_TURNAROUND_PERCENT}%` : ''}
                  </p>
                ) : null}
              </div>
              <p className="text-2xl font-bold text-slate-900" data-testid="estimate-total" aria-live="polite">
                {quote ? formatPence(quote.totalPence) : '—'}
              </p>
            </div>
            {overLimit ? (
              <p className="mt-2 text-sm font-medium text-red-700" data-testid="estimate-over-limit">
                {overLimitText(words > MAX_WORDS)}
              </p>
            ) : null}
            {vat ? (
              <p className="text-right text-xs text-slate-600" data-testid="estimate-vat">
                {vat}
              </p>
            ) : null}
            {quote?.minimumApplied ? (
              <p className="mt-2 flex items-center justify-end gap-2 text-xs text-slate-600">
                <Badge tone="blue">min applied</Badge> Minimum order {formatPence(MINIMUM_CHARGE_PENCE)}
              </p>
            ) : null}
            {!tier && !overLimit ? <p className="mt-2 text-xs text-slate-600">Choose a service to see your price.</p> : null}
          </div>
          <Button ref={keepClear} type="submit" variant="accent" size="lg" className="w-full" disabled={disabled}>
            {pending ? 'Creating...' : 'Continue to Payment'}
          </Button>
          {words === 0 ? (
            <p className="text-center text-sm text-slate-600">{SUBMISSION_MESSAGES.contentRequired}</p>
          ) : null}
          <p className="flex items-center justify-center gap-2 text-xs text-slate-600">
            <Lock className="h-3.5 w-3.5" aria-hidden="true" /> Secure card payment on the next step. You are charged the price shown.
          </p>
        </CardContent>
      </Card>
      <StickyTotalBar total={quote ? formatPence(quote.totalPence) : '—'} vat={vat} overLimit={overLimit} disabled={disabled} pending={pending} />
    </>
  );
}
