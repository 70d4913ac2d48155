import { useCallback, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { countWords } from '@shared/word-count';
import { buildSubmissionSchema, MAX_CONTENT_CHARACTERS, MAX_WORDS, SUBMISSION_MESSAGES } from '@shared/submission.schema';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { fullName, useCurrentUser } from '@client/lib/current-user';
import { useSiteConfig } from '@client/lib/site-config';
import { ContactSection } from './contact-section';
import { ContentSection, type ContentMode } from './content-section';
import { DetailsSection } from './details-section';
import type { ExtractedText } from './api/extract-text';
import { clearFormDraft, newDraftId, saveFormDraft } from './form-draft';
import { EMPTY_FORM, type SubmissionFormOutput, type SubmissionFormValues } from './form-model';
import { OrderSummary } from './order-summary';
import { StepsIndicator } from './steps-indicator';
import { useCreateSubmission } from './api/create-submission';
import { initialForm, useFormPrefill } from './use-form-prefill';

const [REQUIRED_TITLE, REQUIRED_DESCRIPTION] = SUBMISSION_MESSAGES.contentRequired.split(': ') as [string, string];

/** The form itself: its own chunk (zod, react-hook-form), so the page's heading paints before it arrives. */
export default function SubmissionForm() {
  const search = useSearch();
  const site = useSiteConfig();
  const { user } = useCurrentUser();
  const [initial] = useState(() => initialForm(search));
  const [fileName, setFileName] = useState(initial.fileName);
  const [mode, setMode] = useState<ContentMode>('paste');
  const [draftId, setDraftId] = useState(initial.draftId);
  const [restored, setRestored] = useState(initial.restored);

  const form = useForm<SubmissionFormValues, unknown, SubmissionFormOutput>({
    resolver: zodResolver(buildSubmissionSchema(site.support.email)) as unknown as Resolver<
      SubmissionFormValues,
      unknown,
      SubmissionFormOutput
    >,
    defaultValues: initial.values,
    mode: 'onTouched',
  });
  const loadingDraft = useFormPrefill(form, initial);
  const create = useCreateSubmission(draftId);

  const content = form.watch('content');
  const words = countWords(content ?? '');
  const tooManyCharacters = (content ?? '').length > MAX_CONTENT_CHARACTERS;

  // Keep what is typed for this tab, so a reload or a sign-in detour loses nothing.
  useEffect(() => {
    const save = (values: Partial<SubmissionFormValues>) => saveFormDraft({ id: draftId, values, fileName });
    const subscription = form.watch((values) => save(values as Partial<SubmissionFormValues>));
    save(form.getValues());
    return () => subscription.unsubscribe();
  }, [form, fileName, draftId]);

  // A signed-in customer need not type their own name and e-mail.
  const fillAccountContact = useCallback(() => {
    if (!user) return;
    const name = fullName(user);
    if (name && !form.getValues('contactName')) form.setValue('contactName', name);
    if (!form.getValues('contactEmail')) form.setValue('contactEmail', user.email);
  }, [user, form]);
  useEffect(fillAccountContact, [fillAccountContact]);

  const startOver = () => {
    clearFormDraft();
    setDraftId(newDraftId());
    setFileName(undefined);
    setMode('paste');
    form.reset(EMPTY_FORM);
    fillAccountContact();
    setRestored(false);
  };

  const onExtracted = (result: ExtractedText) => {
    form.setValue('content', result.text, { shouldDirty: true, shouldValidate: true });
    setFileName(result.fileName);
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      if (words === 0) {
        toast({ title: REQUIRED_TITLE, description: REQUIRED_DESCRIPTION, variant: 'destructive' });
        return;
      }
      if (words > MAX_WORDS || tooManyCharacters || create.isPending) return;
      create.mutate({ ...values, ...(fileName ? { fileName } : {}) });
    },
    () => {
      if (words === 0) toast({ title: REQUIRED_TITLE, description: REQUIRED_DESCRIPTION, variant: 'destructive' });
    },
  );

  const [serviceTier, category, englishVariant, fast] = form.watch(['serviceTier', 'category', 'englishVariant', 'fastTurnaround']);

  return (
    <>
      <div className="mt-6">
        <StepsIndicator current={words > 0 ? 1 : 0} />
      </div>
      {restored ? (
        <div
          role="status"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <div>
            <p className="font-semibold">Draft restored</p>
            <p>We filled in the form with what you typed before. Check every choice before you continue.</p>
          </div>
          <Button type="button" variant="outline" size="sm" onClick={startOver}>
            Start over
          </Button>
        </div>
      ) : null}
      {loadingDraft ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> Loading your submission…
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <ContentSection
            form={form}
            words={words}
            tooManyCharacters={tooManyCharacters}
            supportEmail={site.support.email}
            mode={mode}
            onModeChange={setMode}
            fileName={fileName}
            onExtracted={onExtracted}
          />
          <DetailsSection form={form} />
          <ContactSection form={form} />
        </div>
        <div>
          <OrderSummary
            words={words}
            tooManyCharacters={tooManyCharacters}
            serviceTier={serviceTier}
            category={category}
            englishVariant={englishVariant}
            fast={fast}
            pending={create.isPending}
          />
        </div>
      </form>
    </>
  );
}
