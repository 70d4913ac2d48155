import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/**
 * One term and its value in a details list (`<dl>`): an empty value reads "Not set". `wide` spans both columns of
 * a two-column list; `valueClassName` keeps long values (an e-mail, an address) readable.
 */
export function Detail({
  term,
  children,
  wide = false,
  valueClassName,
}: {
  term: string;
  children: ReactNode;
  wide?: boolean;
  valueClassName?: string;
}) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className={cn('font-medium', valueClassName)}>{empty ? 'Not set' : children}</dd>
    </div>
  );
}
