import { Loader2, MessageSquareQuote, Scissors } from 'lucide-react';
import { formatPence } from '@client/lib/format';
import { quotePrice } from '@shared/pricing';
import { TIERS, type ServiceTier } from '@shared/service-tiers';
import type { TextPart } from '@shared/split-text';
import { MAX_WORDS } from '@shared/submission-limits';
import { vatIncludedText } from '@shared/vat';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';

/** The first words of a part, so the customer sees where each one starts. */
function opening(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80).replace(/\s+\S*$/, '')}…` : flat;
}


/**
 * Over 3,000 words (issue 45): the text as orders under the limit, each priced with the tier chosen, and the way to
 * create them all, or a quote for the whole text instead.
 */
export function SplitOffer({
  parts,
  serviceTier,
  fast,
  vatRateBasisPoints,
  pending,
  onSplit,
  quoteHref,
}: {
  parts: readonly TextPart[];
  serviceTier: string;
  fast: boolean;
  vatRateBasisPoints: number;
  pending: boolean;
  onSplit: () => void;
  quoteHref: string;
}) {
  const tier = serviceTier in TIERS ? TIERS[serviceTier as ServiceTier] : null;
  const prices = tier ? parts.map((part) => quotePrice(part.words, tier.id, fast).totalPence) : null;
  const total = prices?.reduce((sum, pence) => sum + pence, 0) ?? null;
  const vat = total === null ? null : vatIncludedText(total, vatRateBasisPoints);
  return (
    <Card data-testid="split-offer" aria-labelledby="split-offer-title">
      <CardHeader>
        <CardTitle id="split-offer-title">Split it into {parts.length} orders</CardTitle>
        <CardDescription>
          One order takes up to {MAX_WORDS.toLocaleString('en-GB')} words. We can split your text at paragraph and sentence breaks into{' '}
          {parts.length} orders, each reviewed and paid on its own, with the same service and details.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ol className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
          {parts.map((part, index) => (
            <li key={index} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3 text-sm" data-testid="split-part">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  Order {index + 1}: {part.words.toLocaleString('en-GB')} words
                </p>
                <p className="break-words text-slate-600">“{opening(part.text)}”</p>
              </div>
              <p className="font-semibold text-slate-900" data-testid="split-part-price">
                {prices ? formatPence(prices[index] ?? 0) : '—'}
              </p>
            </li>
          ))}
        </ol>
        {total === null ? (
          <p className="text-sm text-slate-600">Choose a service to see the price of each order.</p>
        ) : (
          <p className="text-right text-sm text-slate-700">
            Together <span className="font-semibold text-slate-900" data-testid="split-total">{formatPence(total)}</span>
            {vat ? <span className="block text-xs text-slate-600">{vat}</span> : null}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="accent" onClick={onSplit} disabled={pending}>
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Scissors className="h-4 w-4" aria-hidden="true" />}
            {pending ? 'Creating orders…' : `Create ${parts.length} orders`}
          </Button>
          <Button asChild variant="outline">
            <a href={quoteHref}>
              <MessageSquareQuote className="h-4 w-4" aria-hidden="true" /> Ask for a quote instead
            </a>
          </Button>
        </div>
        <p className="text-xs text-slate-600">The orders wait on your dashboard until you pay each one; unpaid orders can be discarded there.</p>
      </CardContent>
    </Card>
  );
}
