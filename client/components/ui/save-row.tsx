import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

/**
 * A settings form's last row: its submit button (which says "Saving…" while the save runs) and the polite status line
 * that announces the result ("Saved.").
 */
export function SaveRow({
  label,
  pending,
  status,
  variant,
}: {
  label: string;
  pending: boolean;
  status: ReactNode;
  variant?: ButtonProps['variant'];
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" variant={variant} disabled={pending}>
        {pending ? 'Saving…' : label}
      </Button>
      <p role="status" className="text-sm text-emerald-800">
        {status}
      </p>
    </div>
  );
}
