import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * What a section shows when its data could not be loaded: the message and a "Try again" that refetches. "panel"
 * stands in for a whole page section; "inline" sits in a card beside other content.
 */
export function LoadFailed({
  children,
  onRetry,
  variant = 'inline',
}: {
  children: ReactNode;
  onRetry: () => void;
  variant?: 'panel' | 'inline';
}) {
  if (variant === 'panel') {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-800">{children}</p>
        <Button className="mt-3" variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
      <span>{children}</span>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
