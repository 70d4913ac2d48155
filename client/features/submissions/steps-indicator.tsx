import { Check } from 'lucide-react';
import { cn } from '@client/lib/cn';

const STEPS = [
  { title: 'Content', detail: 'Paste or upload' },
  { title: 'Details', detail: 'Service and preferences' },
  { title: 'Payment', detail: 'Secure checkout' },
] as const;

/** The three visual steps of the order; `current` is 0-based. */
export function StepsIndicator({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol aria-label="Order steps" className="grid grid-cols-3 gap-2 sm:gap-4">
      {STEPS.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={step.title}
            aria-current={active ? 'step' : undefined}
            className={cn(
              'flex flex-col items-center gap-1 rounded-lg border p-2 text-center sm:flex-row sm:gap-3 sm:p-3 sm:text-left',
              active ? 'border-emerald-600 bg-emerald-50' : 'border-slate-200 bg-white',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                done || active ? 'bg-accent text-white' : 'bg-slate-200 text-slate-700',
              )}
            >
              {done ? <Check className="h-4 w-4" /> : index + 1}
            </span>
            <span className="flex flex-col">
              <span className="text-sm font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
              <span className="hidden text-xs text-slate-600 sm:block">{step.detail}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
