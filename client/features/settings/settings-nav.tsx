import { useEffect, useState } from 'react';
import { cn } from '@client/lib/cn';

export interface SettingsSection {
  id: string;
  label: string;
}

/** The section whose top has passed the middle of the screen last: the one being read. */
function useSectionInView(sections: readonly SettingsSection[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      let found: string | null = sections[0]?.id ?? null;
      for (const section of sections) {
        const element = document.getElementById(section.id);
        if (element && element.getBoundingClientRect().top <= window.innerHeight / 3) found = section.id;
      }
      setCurrent(found);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [sections]);
  return current;
}

/**
 * Settings' in-page navigation (issue 45): a list of links to each section, plain anchors (Tab and Enter reach
 * and follow them; the section is then focused for a screen reader). A column that stays in view beside the
 * sections on a wide screen; on a phone a compact row above them that scrolls sideways.
 */
export function SettingsNav({ sections }: { sections: readonly SettingsSection[] }) {
  const current = useSectionInView(sections);
  return (
    <nav aria-label="Settings sections" className="min-w-0 lg:sticky lg:top-20 lg:self-start">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0 lg:pb-0">
        {sections.map((section) => (
          <li key={section.id} className="shrink-0">
            <a
              href={`#${section.id}`}
              aria-current={current === section.id ? 'location' : undefined}
              onClick={() => {
                // After the jump, the section itself takes the focus, so Tab continues inside it.
                window.requestAnimationFrame(() => document.getElementById(section.id)?.focus({ preventScroll: true }));
              }}
              className={cn(
                'block rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm whitespace-nowrap text-slate-700 hover:bg-slate-50 hover:text-slate-900',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600',
                'lg:rounded-md lg:border-0 lg:bg-transparent lg:px-3 lg:py-2',
                'aria-[current=location]:border-emerald-600 aria-[current=location]:bg-emerald-50 aria-[current=location]:font-semibold aria-[current=location]:text-emerald-900',
                section.id === 'delete-account' && 'text-red-700',
              )}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
