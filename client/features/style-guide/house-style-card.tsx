import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BookText } from 'lucide-react';
import { ENGLISH_VARIANT_LABELS, ENGLISH_VARIANTS } from '@shared/categories';
import {
  MAX_STYLE_RULES_CHARACTERS,
  STYLE_GUIDE_MESSAGES,
  styleGuideInputSchema,
  type StyleGuide,
  type StyleGuideData,
  type StyleGuideInput,
} from '@shared/style-guide.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { Textarea } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { useSaveStyleGuide, useStyleGuide } from './api/style-guide';
import { draftOf, inputOf, sameInput, SELECT, type Draft, type Errors } from './house-style-draft';
import { StyleTerms } from './style-terms';

/**
 * Settings → House style (issue 27, decision 046): preferred and banned terms, the spelling variant and free-text
 * rules the review team applies to every order. An organisation's owners edit it; its members read it.
 */
export function HouseStyleCard() {
  const guide = useStyleGuide();
  return (
    <Card>
      <IconCardHeader
        icon={BookText}
        title="House style"
        description="Words your team prefers or bans, the spelling to use and any rules. Reviewers see them on every order."
      />
      <CardContent>
        {guide.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : guide.isError ? (
          <p className="text-sm text-red-700">The house style could not be loaded. Please reload the page.</p>
        ) : (
          <HouseStyleForm guide={guide.data} />
        )}
      </CardContent>
    </Card>
  );
}

function HouseStyleForm({ guide }: { guide: StyleGuide }) {
  // A plain controlled form validated by the shared schema: the term table's add/remove rows would otherwise pull
  // react-hook-form's field arrays into the chunk every public form loads (decision 042's budget).
  const [draft, setDraft] = useState<Draft>(() => draftOf(guide));
  const [initial, setInitial] = useState<Draft>(draft);
  const [errors, setErrors] = useState<Errors>({});
  const [focusName, setFocusName] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveStyleGuide();
  const [saved, setSaved] = useState(false);
  const readOnly = !guide.canEdit;
  const dirty = !sameInput(draft, initial);

  useEffect(() => {
    // A refetch (another tab saved) replaces the form only while nothing here is being edited.
    if (sameInput(draft, initial)) {
      const next = draftOf(guide);
      setDraft(next);
      setInitial(next);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new guide from the server resets the form
  }, [guide]);

  useEffect(() => {
    if (!focusName) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${focusName}"]`)?.focus();
    setFocusName(null);
  }, [focusName]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const parsed = styleGuideInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.') || 'terms';
        found[path] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found).find((path) => path !== 'terms');
      if (first) setFocusName(first);
      return;
    }
    setErrors({});
    save.mutate(parsed.data satisfies StyleGuideData, {
      onSuccess: (next) => {
        const fresh = draftOf(next);
        setDraft(fresh);
        setInitial(fresh);
        setSaved(true);
      },
    });
  };
  const serverError = save.error ? (save.error instanceof ApiError ? (save.error.serverMessage ?? STYLE_GUIDE_MESSAGES.saveFailed) : STYLE_GUIDE_MESSAGES.saveFailed) : null;

  return (
    <form ref={formRef} noValidate className="flex flex-col gap-5" onSubmit={submit} aria-label="House style">
      {guide.owner === 'organisation' ? (
        <p className="text-sm text-slate-700" data-testid="house-style-owner-note">
          {readOnly
            ? `This is ${guide.organisationName}’s house style. Only an owner of ${guide.organisationName} can change it.`
            : `This is ${guide.organisationName}’s house style: it applies to every order of your organisation.`}
        </p>
      ) : null}
      <fieldset disabled={readOnly} className="flex flex-col gap-5">
        <legend className="sr-only">House style</legend>
        <StyleTerms draft={draft} setDraft={setDraft} errors={errors} setErrors={setErrors} readOnly={readOnly} focus={setFocusName} />

        <FormField label="Spelling" hint="Overrides the English variant chosen on each order." error={errors.spellingVariant}>
          {(p) => (
            <select
              {...p}
              name="spellingVariant"
              className={`${SELECT} sm:max-w-xs`}
              value={draft.spellingVariant ?? ''}
              onChange={(e) => {
                const value = e.target.value;
                setDraft((d) => ({ ...d, spellingVariant: value === '' ? null : (value as NonNullable<StyleGuideInput['spellingVariant']>) }));
              }}
            >
              <option value="">Each order’s own choice</option>
              {ENGLISH_VARIANTS.map((v) => (
                <option key={v} value={v}>
                  {ENGLISH_VARIANT_LABELS[v]}
                </option>
              ))}
            </select>
          )}
        </FormField>

        <FormField label="Rules" hint={`Anything else reviewers should follow, up to ${MAX_STYLE_RULES_CHARACTERS.toLocaleString('en-GB')} characters.`} error={errors.rules}>
          {(p) => (
            <Textarea
              {...p}
              name="rules"
              rows={5}
              maxLength={MAX_STYLE_RULES_CHARACTERS}
              placeholder="e.g. Sentence case for headings. No exclamation marks."
              value={draft.rules}
              onChange={(e) => {
                const rules = e.target.value;
                setDraft((d) => ({ ...d, rules }));
              }}
            />
          )}
        </FormField>
      </fieldset>

      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      {readOnly ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save house style'}
          </Button>
          {saved && !dirty ? (
            <p role="status" className="text-sm text-green-800">
              {STYLE_GUIDE_MESSAGES.saved}
            </p>
          ) : null}
        </div>
      )}
    </form>
  );
}
