import { cn } from '@client/lib/cn';

/**
 * A table's header row: an optional leading column (what each row is), then one header per label, right-aligned
 * when the columns hold numbers.
 */
export function ColumnHeaders({
  lead,
  labels,
  numeric = false,
  cellClassName,
}: {
  lead?: string;
  labels: readonly string[];
  numeric?: boolean;
  cellClassName: string;
}) {
  return (
    <tr>
      {lead ? (
        <th scope="col" className={cellClassName}>
          {lead}
        </th>
      ) : null}
      {labels.map((label) => (
        <th key={label} scope="col" className={cn(cellClassName, numeric && 'text-right')}>
          {label}
        </th>
      ))}
    </tr>
  );
}
