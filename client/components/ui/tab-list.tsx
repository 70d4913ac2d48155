import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A tab list (WAI-ARIA tabs, automatic activation): one tab stop, and the arrow keys, Home and End move to and
 * select another tab. The caller renders the panels, each `role="tabpanel"` with the id `panelId` gives and
 * `aria-labelledby` the tab's id. Each tab carries `data-state` ("active" or "inactive") for its styling.
 *
 * Small enough to write here rather than load a tabs library on /check-now, whose first script has a byte budget
 * (decision 051).
 */
export function TabList<T extends string>({
  label,
  tabs,
  value,
  onChange,
  tabId,
  panelId,
  labelOf,
  className,
  tabClassName,
}: {
  label: string;
  tabs: readonly T[];
  value: T;
  onChange: (value: T) => void;
  tabId: (tab: T) => string;
  panelId: (tab: T) => string;
  labelOf: (tab: T) => ReactNode;
  className?: string;
  tabClassName: (selected: boolean) => string;
}) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(value);
    const last = tabs.length - 1;
    const moves: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[target]!;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={panelId(tab)}
            data-state={selected ? 'active' : 'inactive'}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={onKeyDown}
            className={tabClassName(selected)}
          >
            {labelOf(tab)}
          </button>
        );
      })}
    </div>
  );
}
