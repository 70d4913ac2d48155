import { useState } from 'react';
import { ORGANISATION_MESSAGES, ORGANISATION_NAME_MAX, organisationNameInputSchema } from '@shared/organisation.schema';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';

/** The name form: creating an organisation, or (owners) renaming it. */
export function NameForm({
  label,
  initial = '',
  submitLabel,
  busyLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  busyLabel: string;
  pending: boolean;
  onSubmit: (name: string, fail: (message: string) => void) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = organisationNameInputSchema.safeParse({ name });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? ORGANISATION_MESSAGES.nameRequired);
          return;
        }
        setError(null);
        onSubmit(parsed.data.name, setError);
      }}
    >
      <div className="min-w-0 flex-1">
        <FormField label="Organisation name" error={error ?? undefined}>
          {(p) => (
            <Input {...p} value={name} maxLength={ORGANISATION_NAME_MAX + 20} autoComplete="organization" placeholder="e.g. Acme Ltd" onChange={(e) => setName(e.target.value)} />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
