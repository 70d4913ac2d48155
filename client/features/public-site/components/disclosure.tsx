import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { DISCLOSURE_CLASSES as C } from './public-classes';

/**
 * A question or title that opens its answer in place: native <details>, so it works with the keyboard and without
 * JavaScript. `compact` is the smaller kind in lists of help articles.
 */
export function Disclosure({ summary, compact = false, children }: { summary: ReactNode; compact?: boolean; children: ReactNode }) {
  const size = compact ? 'compact' : 'full';
  return (
    <details className={C.details[size]}>
      <summary className={cn(C.summary, C.summarySize[size])}>
        {summary}
        <ChevronDown className={cn(C.chevron, C.chevronSize[size])} aria-hidden="true" />
      </summary>
      {compact ? <p className={C.answer.compact}>{children}</p> : <div className={C.answer.full}>{children}</div>}
    </details>
  );
}
