import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { useForm } from 'react-hook-form';
import { Loader2 } from 'lucide-react';
import { countWords } from '@shared/word-count';
import { MAX_CONTENT_CHARACTERS, MAX_WORDS, SUBMISSION_MESSAGES } from '@shared/submission-limits';
import { Button } from '@client/components/ui/button';
import { useErrorSummary } from '@client/components/ui/error-summary';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/cn';
import { fullName } from '@client/lib/user-name';
import { DRAFT_HINT_CLASS } from '@shared/draft-hint';
import { ContactSection } from './contact-section';
import { ContentSection, type ContentMode } from './content-section';
import { DetailsSection } from './details-section';
import type { ExtractedText } from './api/extract-text';
import { clearFormDraft, newDraftId, saveFormDraft } from './form-draft';
import { EMPTY_FORM, type SubmissionFormOutput, type SubmissionFormValues } from './form-model';
import { OrderSummary } from './order-summary';
import { StepsIndicator } from './steps-indicator';
import { quoteRequestHref } from './quote-request';
// Shown only for a text over the limit: loaded then, off the order form's first load (its 110 KB budget).
const SplitOfferSection = lazy(() => import('./split-offer-section'));
import { useOrderFormServices } from './order-form-services';
import { lazySubmissionResolver, preloadSubmissionValidation } from './submission-resolver';
import { initialForm, useFormPrefill, type InitialForm } from './use-form-prefill';
import { useHydrated } from '@client/lib/use-hydrated';
import { CHECK_NOW_FORM_ID, readTypedFields } from './typed-before-hydration';


/** The fields in the order the form shows them, with their labels, for its error summary. */
const FIELD_ORDER: readonly (readonly [keyof SubmissionFormValues, string])[] = [
  ['content', 'Content'],
  ['serviceTier', 'Service'],
  ['category', 'Category'],
  ['tone', 'Tone'],
  ['targetAudience', 'Target audience'],
  ['englishVariant', 'English variant'],
  ['instructions', 'Instructions for the reviewer'],
  ['additionalNotes', 'Additional notes'],
  ['editorName', 'Editor’s name'],
  ['editorOrganisation', 'Editor’s organisation'],
  ['fastTurnaround', 'Fast turnaround'],
  ['contactName', 'Name'],
  ['contactEmail', 'Email'],
  ['contactPhone', 'Phone'],
  ['contactWebsite', 'Website'],
];

const [REQUIRED_TITLE, REQUIRED_DESCRIPTION] = SUBMISSION_MESSAGES.contentRequired.split(': ') as [string, string];

/**
 * Reads, in the commit that hydrates the pre-rendered form, what the visitor typed before the scripts ran. It is
 * the form's first child: React commits children in order, so this runs before react-hook-form's field refs write
 * the defaults into the inputs (and no input event can fall between the two: a commit is never interrupted).
 */
function TypedBeforeHydration({ onRead }: { onRead: (typed: Partial<SubmissionFormValues>) => void }) {
  const read = useRef(false);
  useLayoutEffect(() => {
    if (read.current) return;
    read.current = true;
    onRead(readTypedFields(document.getElementById(CHECK_NOW_FORM_ID) as HTMLFormElement | null));
  }, [onRead]);
  return null;
}

/**
 * The order form, pre-rendered empty into /check-now's HTML so it is there
 * at first paint. Hydrating that HTML, it first renders exactly as the server did; then, before the browser paints,
 * it takes up what was typed before hydration, this tab's draft or the link's fields.
 */
export default function SubmissionForm() {
  const search = useSearch();
  const services = useOrderFormServices();
  const site = services.useSiteConfig();
  const user = services.useCurrentUser();
  // False only while adopting the pre-rendered HTML (and on the server): the first render must then match it.
  const hydrated = useHydrated();
  const [start, setStart] = useState<InitialForm | null>(() => (hydrated ? initialForm(search) : null));
  const typedBeforeHydration = useRef<Partial<SubmissionFormValues>>({});
  const [fileName, setFileName] = useState(start?.fileName);
  const [mode, setMode] = useState<ContentMode>('paste');
  const [draftId, setDraftId] = useState(start?.draftId ?? '');
  const [restored, setRestored] = useState(start?.restored ?? false);

  const resolver = useMemo(() => lazySubmissionResolver(site.support.email), [site.support.email]);
  const form = useForm<SubmissionFormValues, unknown, SubmissionFormOutput>({
    resolver,
    defaultValues: start?.values ?? EMPTY_FORM,
    mode: 'onTouched',
    // The error summary takes the focus after a failed submit, and links to each field.
    shouldFocusError: false,
  });
  const errorSummary = useErrorSummary(form, FIELD_ORDER);

  const onTypedRead = useCallback((typed: Partial<SubmissionFormValues>) => {
    typedBeforeHydration.current = typed;
  }, []);

  // The hydrated form takes up where the visitor is: the draft or link first, then what they typed meanwhile.
  useLayoutEffect(() => {
    if (start) return;
    const real = initialForm(search);
    const typed = typedBeforeHydration.current;
    for (const [name, value] of Object.entries(real.values) as [keyof SubmissionFormValues, string | boolean][]) {
      if (value !== EMPTY_FORM[name] && !(name in typed)) form.setValue(name, value);
    }
    for (const [name, value] of Object.entries(typed) as [keyof SubmissionFormValues, string | boolean][]) {
      form.setValue(name, value, { shouldDirty: true });
    }
    setFileName(real.fileName);
    setDraftId(real.draftId);
    setRestored(real.restored);
    setStart(real);
    // The head script's guess has shown the notice until now; from here the form's own state does (decision 051).
    document.documentElement.classList.remove(DRAFT_HINT_CLASS);
  }, [start, search, form]);

  const loadingDraft = useFormPrefill(form, start);
  const create = services.useCreateSubmission(draftId);
  // The checks are fetched when the visitor starts on the form, not while the page is still becoming interactive.
  const warmed = useRef(false);
  const warmUp = () => {
    if (warmed.current) return;
    warmed.current = true;
    preloadSubmissionValidation();
    services.warmUp?.();
  };

  const content = form.watch('content');
  const words = countWords(content ?? '');
  const tooManyCharacters = (content ?? '').length > MAX_CONTENT_CHARACTERS;
  const overLimit = words > MAX_WORDS || tooManyCharacters;

  // Keep what is typed for this tab, so a reload or a sign-in detour loses nothing.
  useEffect(() => {
    if (!start) return; // not before the stored draft has been read back
    const save = (values: Partial<SubmissionFormValues>) => saveFormDraft({ id: draftId, values, fileName });
    const subscription = form.watch((values) => save(values as Partial<SubmissionFormValues>));
    save(form.getValues());
    return () => subscription.unsubscribe();
  }, [form, fileName, draftId, start]);

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
      errorSummary.onInvalid();
      if (words === 0) toast({ title: REQUIRED_TITLE, description: REQUIRED_DESCRIPTION, variant: 'destructive' });
    },
  );


  const [serviceTier, category, englishVariant, fast, contactName, contactEmail] = form.watch([
    'serviceTier',
    'category',
    'englishVariant',
    'fastTurnaround',
    'contactName',
    'contactEmail',
  ]);

  const navigate = services.useNavigate();

  return (
    <>
      <div className="mt-6">
        {/* The content step is done only with a text one order takes (issue 45). */}
        <StepsIndicator current={words > 0 && !overLimit ? 1 : 0} />
      </div>
      {/* Always in the HTML: before hydration it shows when the page's head script found a draft (DRAFT_HINT_CLASS,
          spelled out in `in-[.hp-draft]` because Tailwind reads class names literally), so it is painted with the
          page and never pushes the form down at hydration; then the form's state shows it. */}
      <div
        role="status"
        data-draft-notice=""
        className={cn(
          restored ? 'flex' : 'hidden in-[.hp-draft]:flex',
          'mt-4 flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950',
        )}
      >
        <div>
          <p className="font-semibold">Draft restored</p>
          <p>We filled in the form with what you typed before. Check every choice before you continue.</p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={startOver}>
          Start over
        </Button>
      </div>
      {loadingDraft ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> Loading your submission…
        </p>
      ) : null}
      <div className="mt-4 empty:hidden">{errorSummary.summary}</div>
      <form id={CHECK_NOW_FORM_ID} noValidate onSubmit={onSubmit} onFocus={warmUp} onPointerDown={warmUp} className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {start ? null : <TypedBeforeHydration onRead={onTypedRead} />}
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
          {overLimit ? (
            <Suspense fallback={null}>
              <SplitOfferSection
                content={content ?? ''}
                form={form}
                resolver={resolver}
                fileName={fileName}
                draftId={draftId}
                navigate={navigate}
                onInvalid={errorSummary.onInvalid}
                serviceTier={serviceTier}
                fast={fast}
                vatRateBasisPoints={site.vat.rateBasisPoints}
                quoteHref={quoteRequestHref(words, serviceTier, contactName, contactEmail)}
              />
            </Suspense>
          ) : null}
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
            vatRateBasisPoints={site.vat.rateBasisPoints}
          />
        </div>
      </form>
    </>
  );
}
