import { useId, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/** A titled page section, labelled by its <h2> so screen readers can jump between regions. */
export function Section({
  id,
  title,
  intro,
  children,
  className,
  tone = 'white',
}: {
  id?: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: 'white' | 'muted';
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-20', tone === 'muted' ? 'bg-slate-50' : 'bg-white', className)}
    >
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-2xl text-base text-slate-700 sm:text-lg">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
