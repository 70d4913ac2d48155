import { CheckCircle2, Clock } from 'lucide-react';
import { categoryLabel } from '@shared/categories';
import { priceParts } from '@shared/price-breakdown';
import { FAST_TURNAROUND_HOURS, FAST_TURNAROUND_PERCENT, MINIMUM_CHARGE_PENCE } from '@shared/pricing';
import { tierLabel } from '@shared/service-tiers';
import type { Submission } from '@shared/submission.schema';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { vatIncludedText } from '@shared/vat';
import { formatPence } from '@client/lib/format';
import { useSiteConfig } from '@client/lib/site-config';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function CheckoutSummary({ submission }: { submission: Submission }) {
  const turnaround = submission.fastTurnaround ? `${FAST_TURNAROUND_HOURS} hours` : '2-3 business days';
  // The same breakdown as the order form (issue 45): the words times the rate, the fast fee, the minimum, the VAT.
  const parts = priceParts(submission);
  const vat = vatIncludedText(submission.amountPence, useSiteConfig().vat.rateBasisPoints);
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Order summary</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-slate-100">
            <Row label="Submission">
              <span className="font-mono">{submission.id}</span>
            </Row>
            <Row label="Title">{submission.title}</Row>
            <Row label="Service">{tierLabel(submission.serviceTier)}</Row>
            <Row label="Word count">{submission.wordCount.toLocaleString('en-GB')}</Row>
            <Row label="Category">{categoryLabel(submission.category)}</Row>
            {submission.fastTurnaround ? (
              <Row label="Fast turnaround">
                <Badge tone="yellow">+{FAST_TURNAROUND_PERCENT}% fee</Badge>
              </Row>
            ) : null}
            <Row label={parts.words}>
              <span data-testid="checkout-base">{formatPence(parts.basePence)}</span>
            </Row>
            {parts.fastFeePence !== null ? (
              <Row label={`Fast turnaround fee (+${FAST_TURNAROUND_PERCENT}%)`}>
                <span data-testid="checkout-fast-fee">{formatPence(parts.fastFeePence)}</span>
              </Row>
            ) : null}
          </dl>
          {parts.minimumApplied ? (
            <p className="mt-2 flex items-center justify-end gap-2 text-xs text-slate-600" data-testid="checkout-minimum">
              <Badge tone="blue">min applied</Badge> Minimum order {formatPence(MINIMUM_CHARGE_PENCE)}
            </p>
          ) : null}
          <div className="mt-3 flex items-center justify-between border-t border-slate-200 pt-4">
            <span className="text-base font-semibold">Total</span>
            <span className="text-2xl font-bold" data-testid="checkout-total">
              {formatPence(submission.amountPence)}
            </span>
          </div>
          {vat ? (
            <p className="text-right text-xs text-slate-600" data-testid="checkout-vat">
              {vat}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>What happens next?</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-3 text-sm text-slate-700">
            <li className="flex gap-3">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
              Your submission joins the review queue as soon as your payment is confirmed.
            </li>
            <li className="flex gap-3">
              <Clock className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
              Average turnaround: {turnaround}.
            </li>
            <li className="flex gap-3">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
              We e-mail you when the review starts and when it is done.
            </li>
            <li className="flex gap-3">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
              Follow progress, message the team and download the result from your dashboard.
            </li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
