import { Check, Star } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatRatePerWord } from '@client/lib/format';
import { TIER_LIST } from '@shared/service-tiers';
import { cn } from '@client/lib/cn';

/** The three tiers as radio cards: what each includes and its price per word, from the shared table. */
export function TierOptions({
  selected,
  registration,
  error,
}: {
  selected: string;
  registration: UseFormRegisterReturn<'serviceTier'>;
  error: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'service-tier-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">Service</legend>
      <div className="grid gap-3 md:grid-cols-3">
        {TIER_LIST.map((tier) => {
          const checked = selected === tier.id;
          return (
            <label
              key={tier.id}
              className={cn(
                'relative flex cursor-pointer flex-col gap-2 rounded-lg border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600',
                checked ? 'border-emerald-600 bg-emerald-50' : 'border-slate-200 bg-white hover:border-slate-300',
              )}
            >
              <input
                type="radio"
                value={tier.id}
                className="absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none opacity-0"
                aria-labelledby={`tier-${tier.id}-name`}
                aria-describedby={`tier-${tier.id}-details`}
                {...registration}
              />
              {tier.mostPopular ? (
                <span className="bg-accent absolute -top-3 right-3 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold text-white">
                  <Star className="h-3 w-3" aria-hidden="true" /> Most popular
                </span>
              ) : null}
              <span className="flex items-start justify-between gap-2">
                <span id={`tier-${tier.id}-name`} className="font-semibold text-slate-900">
                  {tier.label}
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2',
                    checked ? 'bg-accent border-emerald-700 text-white' : 'border-slate-300',
                  )}
                >
                  {checked ? <Check className="h-3 w-3" /> : null}
                </span>
              </span>
              <span id={`tier-${tier.id}-details`} className="flex flex-col gap-2">
                <span className="text-lg font-bold text-slate-900">
                  {formatRatePerWord(tier.ratePence)} <span className="text-sm font-normal text-slate-600">per word</span>
                </span>
                <span className="text-sm text-slate-600">{tier.summary}</span>
                <span className="flex flex-col gap-1 text-sm text-slate-700">
                  {tier.buildsOn ? <span className="font-medium">Everything in {tier.buildsOn}, plus:</span> : null}
                  {tier.includes.map((item) => (
                    <span key={item} className="flex gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
                      {item}
                    </span>
                  ))}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id="service-tier-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
