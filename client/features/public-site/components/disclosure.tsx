import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@client/lib/cn';

/**
 * A question or title that opens its answer in place: native <details>, so it works with the keyboard and without
 * JavaScript. `compact` is the smaller kind in lists of help articles.
 */
export function Disclosure({ summary, compact = false, children }: { summary: ReactNode; compact?: boolean; children: ReactNode }) {
  return (
    <details className={compact ? 'group rounded-lg' : 'group'}>
      <summary
        className={cn(
          'flex cursor-pointer list-none justify-between font-medium text-slate-900 [&::-webkit-details-marker]:hidden',
          compact ? 'items-start gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-100' : 'items-center gap-4 rounded-xl px-5 py-4 text-left hover:bg-slate-50',
        )}
      >
        {summary}
        <ChevronDown
          className={cn('shrink-0 text-slate-600 transition-transform group-open:rotate-180', compact ? 'mt-0.5 h-4 w-4' : 'h-5 w-5')}
          aria-hidden="true"
        />
      </summary>
      {compact ? (
        <p className="px-3 pt-1 pb-3 text-sm leading-relaxed text-slate-700">{children}</p>
      ) : (
        <div className="px-5 pb-5 text-sm leading-relaxed text-slate-700">{children}</div>
      )}
    </details>
  );
}
