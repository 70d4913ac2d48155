import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TriangleAlert } from 'lucide-react';
import { summaryLabel } from './summary-label';

export { summaryLabel };

export interface SummaryError {
  /** The field's name, passed back to `onSelect` so the form can focus it. */
  name: string;
  message: string;
  /** The field's label as the form shows it, so the summary names the field (issue 45: never "Required / Required"). */
  label: string;
}

/**
 * The errors of a long form after a failed submit, each a link to its field (WCAG 3.3.1, in the style of UK public
 * services: "There is a problem"). It takes the focus when it appears, and again after each failed submit, so a
 * screen reader hears the whole list and a keyboard user starts from it; each field keeps its own inline message.
 */
export function ErrorSummary({ errors, attempt, onSelect }: { errors: readonly SummaryError[]; attempt: number; onSelect: (name: string) => void }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  // Once per failed submit, not for an error fixed or added while typing. The errors may render one pass after the
  // attempt is counted (react-hook-form calls onInvalid before it publishes them), hence the check on every render.
  const focusedFor = useRef(0);
  useEffect(() => {
    if (!shown || focusedFor.current === attempt) return;
    focusedFor.current = attempt;
    box.current?.focus();
  });
  if (!shown) return null;
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${id}-title`}
      className="rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="h-5 w-5 shrink-0" aria-hidden="true" /> There is a problem
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {errors.map((error) => {
          const label = summaryLabel(error.label, error.message);
          return (
          <li key={error.name}>
            {label ? (
              <span id={`${id}-${error.name}-field`} className="font-semibold">
                {label}:{' '}
              </span>
            ) : null}
            <a
              href={`#${error.name}`}
              aria-describedby={label ? `${id}-${error.name}-field` : undefined}
              className="font-medium underline underline-offset-2 hover:no-underline"
              onClick={(event) => {
                event.preventDefault();
                onSelect(error.name);
              }}
            >
              {error.message}
            </a>
          </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The error summary of a react-hook-form form: pass `onInvalid` as handleSubmit's second argument (and create the
 * form with `shouldFocusError: false`); render `summary` above the form. `fields` lists each field with its label,
 * in the order the form shows them.
 */
export function useErrorSummary<T extends FieldValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's resolver output
  form: UseFormReturn<T, any, any>,
  fields: readonly (readonly [Path<T>, string])[],
): { onInvalid: () => void; summary: ReactNode } {
  const [attempt, setAttempt] = useState(0);
  const fieldErrors = form.formState.errors as Record<string, { message?: unknown } | undefined>;
  const errors: SummaryError[] =
    attempt === 0
      ? []
      : fields.flatMap(([name, label]) => {
          const message = fieldErrors[name]?.message;
          return typeof message === 'string' && message ? [{ name, message, label }] : [];
        });
  return {
    onInvalid: () => setAttempt((n) => n + 1),
    summary: <ErrorSummary errors={errors} attempt={attempt} onSelect={(name) => form.setFocus(name as Path<T>)} />,
  };
}
