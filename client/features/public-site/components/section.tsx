import { useId, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { SECTION_CLASSES as C } from './public-classes';

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
      className={cn(C.outer, tone === 'muted' ? C.muted : C.white, className)}
    >
      <div className={C.inner}>
        <h2 id={headingId} className={C.title}>
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-2xl text-base text-slate-700 sm:text-lg">{intro}</p> : null}
        <div className={C.body}>{children}</div>
      </div>
    </section>
  );
}
