import { useState, type ReactNode } from 'react';
import { ApiError } from '@client/lib/api';
import { Button } from './button';

/** The part of a TanStack mutation a {@link CreateForm} runs. */
interface CreateMutation<V, R> {
  isPending: boolean;
  mutate: (variables: V, options: { onSuccess: (created: R) => void; onError: (error: Error) => void }) => void;
}

/**
 * A bordered form that creates one thing (an API key, a webhook endpoint): on submit it runs the mutation with
 * `variables()`, hands the result to `onCreated`, or passes the server's refusal to `children` to show by a field.
 * Its submit button says `busyLabel` while the mutation runs, and waits for `ready` (the required fields filled).
 */
export function CreateForm<V, R>({
  mutation,
  variables,
  onCreated,
  label,
  busyLabel,
  ready,
  children,
}: {
  mutation: CreateMutation<V, R>;
  variables: () => V;
  onCreated: (created: R) => void;
  label: string;
  busyLabel: string;
  ready: boolean;
  children: (error: string | undefined) => ReactNode;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        mutation.mutate(variables(), {
          onSuccess: onCreated,
          onError: (err) => setError(err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Please try again.'),
        });
      }}
    >
      {children(error ?? undefined)}
      <div>
        <Button type="submit" disabled={mutation.isPending || !ready}>
          {mutation.isPending ? busyLabel : label}
        </Button>
      </div>
    </form>
  );
}
