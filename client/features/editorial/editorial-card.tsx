import { useEffect, useState, type FormEvent } from 'react';
import { PenLine } from 'lucide-react';
import { EDITORIAL_EXPLANATION, EDITORIAL_MESSAGES, MAX_EDITOR_CHARACTERS, type EditorialDefault } from '@shared/editorial.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { useEditorialDefault, useSaveEditorialDefault } from './api/editorial-default';

function valuesOf(saved: EditorialDefault) {
  return { name: saved.editorialResponsibility?.name ?? '', organisation: saved.editorialResponsibility?.organisation ?? '' };
}

/**
 * Settings → Editorial responsibility (issue 43, decision 060): who holds editorial responsibility for the orders
 * that name nobody. An organisation's owners set it for the organisation; its members read it.
 */
export function EditorialCard() {
  const current = useEditorialDefault();
  const save = useSaveEditorialDefault();
  const [values, setValues] = useState({ name: '', organisation: '' });
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (current.data) setValues(valuesOf(current.data));
  }, [current.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(values, { onSuccess: () => setSaved(true) });
  };
  const data = current.data;
  const readOnly = data ? !data.canEdit : true;
  return (
    <Card>
      <IconCardHeader
        icon={PenLine}
        title="Editorial responsibility"
        description={`${EDITORIAL_EXPLANATION} Used for ${data?.owner === 'organisation' ? `${data.organisationName ?? 'your organisation'}’s` : 'your'} orders that name nobody.`}
      />
      <CardContent>
        {!data ? (
          current.isError ? <FormAlert>Could not load this setting. Please try again in a moment.</FormAlert> : <Skeleton className="h-20 w-full" />
        ) : (
          <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
            {readOnly ? <p className="text-sm text-slate-600">{EDITORIAL_MESSAGES.memberCannotEdit(data.organisationName ?? 'your organisation')}</p> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Editor’s name">
                {(p) => (
                  <Input
                    {...p}
                    maxLength={MAX_EDITOR_CHARACTERS}
                    disabled={readOnly}
                    placeholder="Not named"
                    value={values.name}
                    onChange={(e) => setValues({ ...values, name: e.target.value })}
                  />
                )}
              </FormField>
              <FormField label="Editor’s organisation (optional)">
                {(p) => (
                  <Input
                    {...p}
                    maxLength={MAX_EDITOR_CHARACTERS}
                    disabled={readOnly}
                    value={values.organisation}
                    onChange={(e) => setValues({ ...values, organisation: e.target.value })}
                  />
                )}
              </FormField>
            </div>
            {save.isError ? <FormAlert>{(save.error instanceof ApiError ? save.error.serverMessage : undefined) ?? 'Could not save. Please try again.'}</FormAlert> : null}
            {readOnly ? null : (
              <div className="flex items-center gap-3">
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save'}
                </Button>
                <p role="status" className="text-sm text-emerald-800">
                  {saved ? EDITORIAL_MESSAGES.saved : ''}
                </p>
              </div>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
