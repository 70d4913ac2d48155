import { useEffect, useRef, useState } from 'react';
import { pickFormFields, readFieldParams, EMPTY_FORM, type SubmissionForm, type SubmissionFormValues } from './form-model';
import { newDraftId, readFormDraft } from './form-draft';
import { toast } from '@client/components/ui/use-toast';
import { getSubmissionDraft } from './api/get-draft';

export interface InitialForm {
  values: SubmissionFormValues;
  fileName: string | undefined;
  submissionId: string | null;
  fromParams: boolean;
  /** The id the form's draft is kept under: the restored draft's, or a new one. */
  draftId: string;
  /** The form resumes an unsent draft of this tab (and says so). */
  restored: boolean;
}

/**
 * Where the form starts: a prior submission (?submissionId=), else the field parameters of the link,
 * else this tab's unsent draft, else empty. A draft that became an order never comes back (form-draft.ts).
 */
export function initialForm(search: string): InitialForm {
  const submissionId = new URLSearchParams(search).get('submissionId')?.trim() || null;
  const params = submissionId ? null : readFieldParams(search);
  const draft = params ? null : readFormDraft();
  return {
    values: { ...EMPTY_FORM, ...(draft?.values ?? {}), ...(params ?? {}) },
    fileName: draft?.fileName,
    submissionId,
    fromParams: params !== null,
    draftId: draft?.id ?? newDraftId(),
    restored: draft !== null,
  };
}

/**
 * Runs the prefill notices and loads the prior submission, once the form knows where it starts (null while it
 * adopts its pre-rendered HTML). Returns whether it is still loading.
 */
export function useFormPrefill(form: SubmissionForm, initial: InitialForm | null): boolean {
  const started = useRef(false);
  const [loading, setLoading] = useState(Boolean(initial?.submissionId));
  useEffect(() => {
    if (!initial || started.current) return;
    started.current = true;
    if (initial.fromParams) {
      toast({ title: 'Form prepopulated', description: 'We filled in the form from your link. Check the details before you continue.' });
      return;
    }
    const id = initial.submissionId;
    if (!id) return;
    setLoading(true);
    getSubmissionDraft(id)
      .then((draft) => {
        const current = form.getValues();
        form.reset({ ...current, ...pickFormFields(draft as unknown as Record<string, unknown>) });
        toast({
          title: 'Content loaded',
          description: 'Your content and preferences are filled in. Please add your contact details to continue.',
        });
      })
      .catch(() => {
        toast({ title: 'Error', description: 'Could not load submission data. Please try again.', variant: 'destructive' });
      })
      .finally(() => setLoading(false));
  }, [form, initial]);
  return loading;
}
