import { Fragment, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/** `card`: a list inside a settings card (API keys, webhook endpoints); `panel`: a white panel on an admin page. */
export type ResourceListVariant = 'card' | 'panel';

const LIST: Record<ResourceListVariant, string> = {
  card: 'divide-y divide-slate-200 rounded-lg border border-slate-200',
  panel: 'divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4',
};
const ROW: Record<ResourceListVariant, { row: string; text: string; details: string }> = {
  card: { row: 'p-3', text: 'min-w-0', details: 'text-xs text-slate-600' },
  panel: { row: 'py-3', text: 'min-w-0 flex-1', details: 'text-sm text-slate-600' },
};

/**
 * A bordered list of things (API keys, webhook endpoints, failed jobs, invitations), or one line saying it is
 * loading or empty. Each item is drawn by `children`, usually a {@link ResourceRow} of the same variant.
 */
export function ResourceList<T extends { id: string }>({
  label,
  items,
  isLoading = false,
  loadingText,
  emptyText,
  emptyBoxed = false,
  variant = 'card',
  children,
}: {
  label?: string;
  items: readonly T[] | undefined;
  isLoading?: boolean;
  loadingText?: string;
  emptyText: string;
  /** The empty line in a panel of its own. */
  emptyBoxed?: boolean;
  variant?: ResourceListVariant;
  children: (item: T) => ReactNode;
}) {
  if (!items || items.length === 0) {
    return (
      <p className={emptyBoxed ? 'rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600' : 'text-sm text-slate-600'}>
        {isLoading ? loadingText : emptyText}
      </p>
    );
  }
  return (
    <ul className={LIST[variant]} aria-label={label}>
      {items.map((item) => (
        <Fragment key={item.id}>{children(item)}</Fragment>
      ))}
    </ul>
  );
}

/**
 * One item of a {@link ResourceList}: its name (with status badges), a line of details and anything `extra` under
 * them, its buttons, and below the whole row anything it opens (`children`).
 */
export function ResourceRow({
  title,
  badge,
  titleClassName,
  details,
  extra,
  actions,
  testId,
  variant = 'card',
  children,
}: {
  title: ReactNode;
  /** Beside the title (a kind, a state), wrapping under it on a narrow screen. */
  badge?: ReactNode;
  titleClassName?: string;
  details: ReactNode;
  extra?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  variant?: ResourceListVariant;
  children?: ReactNode;
}) {
  const style = ROW[variant];
  return (
    <li className={cn('flex flex-col gap-2', style.row)} data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className={style.text}>
          <p className={cn('font-medium', titleClassName)}>
            {badge ? (
              <span className="flex flex-wrap items-center gap-2 break-words">
                {title}
                {badge}
              </span>
            ) : (
              title
            )}
          </p>
          <p className={style.details}>{details}</p>
          {extra}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </li>
  );
}

/** The bare list of a {@link ResourceList} whose items are always there (the members of the team). */
export function ResourceItems({ variant = 'card', children }: { variant?: ResourceListVariant; children: ReactNode }) {
  return <ul className={LIST[variant]}>{children}</ul>;
}
