import { useEffect, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import type { ReviewQueue } from './workspace-keys';

/**
 * A workspace panel that works through a list one item at a time (the suggested claims, the language checks): its
 * heading with counts beside it, a line on what it lists and its keys, then the list (ReviewQueueList). One panel is
 * the active one, the one j / k / a / i act on (issue 42): it says so and is outlined; the heading's button (or its
 * key) makes a panel active.
 */
export function ReviewQueueSection({
  id,
  title,
  counts,
  hint,
  active,
  activateKey,
  onActivate,
  children,
}: {
  id: string;
  title: string;
  counts: ReactNode;
  hint: string;
  active: boolean;
  /** The key that makes this panel active, as the sheet writes it. */
  activateKey: string;
  onActivate: () => void;
  children: ReactNode;
}) {
  return (
    <section
      tabIndex={-1}
      className={cn('flex flex-col gap-2 rounded-md border p-2 outline-none focus-visible:ring-2 focus-visible:ring-emerald-700', active ? 'border-emerald-600 bg-white shadow-sm' : 'border-slate-200 bg-slate-50/60')}
      aria-labelledby={id}
      data-active={active}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h4>
        {counts}
        <span className="flex-1" />
        {active ? (
          <span className="rounded bg-emerald-700 px-1.5 py-0.5 text-xs font-medium text-white" data-testid="active-panel">
            Active: j k a i
          </span>
        ) : (
          <Button type="button" size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={onActivate} aria-keyshortcuts={activateKey}>
            Make active ({activateKey})
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-600">{hint}</p>
      {children}
    </section>
  );
}

/**
 * A panel's cards following the text: a mark clicked there (`request`, a new object each click) makes its card the
 * current one (`indexOf` finds it; -1: not in this list), and the current card stays in view in its list. Answers the
 * list's ref.
 */
export function useCardsFollowingMarks<T>(
  queue: ReviewQueue<T>,
  request: { key: string } | null | undefined,
  indexOf: (key: string) => number,
): RefObject<HTMLOListElement | null> {
  const { focused, setFocused, items } = queue;
  useEffect(() => {
    if (!request) return;
    const at = indexOf(request.key);
    if (at >= 0) setFocused(at);
    // Only a new request moves the card; the list changing under it does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, setFocused]);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    scrollCurrentIntoList(listRef.current);
  }, [focused, items.length]);
  return listRef;
}

/**
 * Brings a list's current item into view by scrolling the list alone, never the page: the list's items arrive after
 * load, and scrollIntoView would move the whole workspace from under the reviewer (issue 42).
 */
export function scrollCurrentIntoList(list: HTMLElement | null): void {
  const item = list?.querySelector<HTMLElement>('[aria-current="true"]');
  if (!list || !item) return;
  const bounds = list.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  if (box.top < bounds.top) list.scrollTop -= bounds.top - box.top;
  else if (box.bottom > bounds.bottom) list.scrollTop += Math.min(box.bottom - bounds.bottom, box.top - bounds.top);
}

/**
 * The items of a ReviewQueueSection's queue (useReviewQueueKeys), the current one marked; a click makes an item current.
 * While the query loads: a skeleton (`skeletonClassName`); when it fails or nothing is left, a line saying so.
 */
export function ReviewQueueList<T>({
  query,
  skeletonClassName,
  errorText,
  emptyText,
  label,
  className,
  listRef,
  queue: { items, current, setFocused },
  keyOf,
  active,
  onChoose,
  children,
}: {
  query: { isPending: boolean; isError: boolean };
  skeletonClassName: string;
  errorText: string;
  emptyText: string;
  label: string;
  className?: string;
  listRef?: Ref<HTMLOListElement>;
  queue: ReviewQueue<T>;
  keyOf: (item: T) => string;
  /** The panel is the active one: its current item is marked strongly. */
  active: boolean;
  /** An item clicked: it becomes current (and the workspace selects its passage). */
  onChoose?: (item: T) => void;
  /** One item's content. */
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className={skeletonClassName} />;
  if (query.isError) return <p className="text-sm text-red-700">{errorText}</p>;
  if (items.length === 0) {
    return (
      <p className="text-sm text-slate-600" role="status">
        {emptyText}
      </p>
    );
  }
  return (
    <ol ref={listRef} className={cn('flex flex-col gap-2 overflow-y-auto', className)} aria-label={label}>
      {items.map((item, i) => (
        <li
          key={keyOf(item)}
          aria-current={item === current}
          tabIndex={item === current ? -1 : undefined}
          className={cn(
            'rounded-md border p-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-emerald-700',
            item !== current ? 'border-slate-200 bg-white' : active ? 'border-emerald-600 bg-emerald-50 ring-1 ring-emerald-600' : 'border-slate-400 bg-white',
          )}
          onClick={() => {
            setFocused(i);
            onChoose?.(item);
          }}
        >
          {children(item)}
        </li>
      ))}
    </ol>
  );
}

/** An item's two buttons: accept it (`acceptLabel`; disabled when it cannot be) and ignore it. */
export function ReviewItemActions({
  acceptLabel,
  canAccept = true,
  onAccept,
  onIgnore,
}: {
  acceptLabel: string;
  canAccept?: boolean;
  onAccept: () => void;
  onIgnore: () => void;
}) {
  return (
    <>
      <Button type="button" size="sm" variant="outline" disabled={!canAccept} onClick={onAccept}>
        {acceptLabel}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onIgnore}>
        Ignore
      </Button>
    </>
  );
}
