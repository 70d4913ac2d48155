import { cn } from '@client/lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={cn('inline-block h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-emerald-700', className)}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
