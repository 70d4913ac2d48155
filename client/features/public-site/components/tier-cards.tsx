import { Link } from 'wouter';
import { Check } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { TIER_LIST } from '@shared/service-tiers';
import { ratePerWord } from './pricing-facts';

/** The three tiers side by side, with per-word prices and inclusions from the shared price table. */
export function TierCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {TIER_LIST.map((tier) => (
        <li
          key={tier.id}
          className={cn(
            'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
            tier.mostPopular ? 'border-emerald-600 ring-2 ring-emerald-600' : 'border-slate-200',
          )}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Heading className="text-xl font-semibold text-slate-900">{tier.label}</Heading>
            {tier.mostPopular ? <Badge tone="accent">Most popular</Badge> : null}
          </div>
          <p className="mt-2 text-sm text-slate-700">{tier.summary}</p>
          <p className="mt-5 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-slate-900">{ratePerWord(tier.id)}</span>
            <span className="text-sm text-slate-700">per word</span>
          </p>
          {tier.buildsOn ? (
            <p className="mt-5 text-sm font-semibold text-slate-900">Everything in {tier.buildsOn}, plus:</p>
          ) : (
            <p className="mt-5 text-sm font-semibold text-slate-900">What you get:</p>
          )}
          <ul className="mt-3 flex-1 space-y-2">
            {tier.includes.map((item) => (
              <li key={item} className="flex gap-2 text-sm text-slate-700">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <Button asChild variant={tier.mostPopular ? 'accent' : 'outline'} className="mt-6 w-full">
            <Link href={`/check-now?serviceTier=${tier.id}`}>
              Choose {tier.label}
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}
