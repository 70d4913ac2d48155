import { EDITORIAL_EXPLANATION, MAX_EDITOR_CHARACTERS } from '@shared/editorial-text';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import type { SubmissionForm } from './form-model';

/**
 * Who holds editorial responsibility for publishing the text (issue 43, decision 060): optional; left blank, the
 * default from Settings applies at delivery, else the record says "not named".
 */
export function EditorFields({ form }: { form: SubmissionForm }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">Who holds editorial responsibility (optional)</legend>
      <p id="editor-explanation" className="text-sm text-slate-600">
        {EDITORIAL_EXPLANATION}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Editor’s name" error={errors.editorName?.message}>
          {(p) => (
            <Input
              {...p}
              aria-describedby={[p['aria-describedby'], 'editor-explanation'].filter(Boolean).join(' ')}
              maxLength={MAX_EDITOR_CHARACTERS}
              placeholder="e.g. Jane Smith"
              {...register('editorName')}
            />
          )}
        </FormField>
        <FormField label="Editor’s organisation (optional)" error={errors.editorOrganisation?.message}>
          {(p) => <Input {...p} maxLength={MAX_EDITOR_CHARACTERS} placeholder="e.g. Example News Ltd" {...register('editorOrganisation')} />}
        </FormField>
      </div>
    </fieldset>
  );
}
