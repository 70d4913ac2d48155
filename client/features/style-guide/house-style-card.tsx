import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BookText, Plus, Trash2 } from 'lucide-react';
import { ENGLISH_VARIANT_LABELS, ENGLISH_VARIANTS } from '@shared/categories';
import {
  MAX_STYLE_RULES_CHARACTERS,
  MAX_STYLE_TERM_CHARACTERS,
  MAX_STYLE_TERMS,
  STYLE_GUIDE_MESSAGES,
  STYLE_TERM_KIND_LABELS,
  STYLE_TERM_KINDS,
  styleGuideInputSchema,
  type StyleGuide,
  type StyleGuideData,
  type StyleGuideInput,
  type StyleTermInput,
} from '@shared/style-guide.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { FieldError } from '@client/components/ui/label';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { Input, Textarea } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { useSaveStyleGuide, useStyleGuide } from './api/style-guide';

const SELECT =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600 sm:text-sm';

/** Each row's labels: shown above its fields on a phone, read by screen readers only beside the column headings. */
const ROW_LABEL = 'text-xs font-medium text-slate-700 sm:sr-only';

/** A row of the terms table: its values and a key that stays with it when rows above are removed. */
interface TermRow extends Required<StyleTermInput> {
  key: number;
}

interface Draft {
  spellingVariant: StyleGuideInput['spellingVariant'];
  terms: TermRow[];
  rules: string;
}

/** Messages by field path ("terms.0.term", "rules", "terms" for the list itself), from the shared schema's issues. */
type Errors = Record<string, string>;

let nextKey = 0;
const row = (term: Partial<StyleTermInput> = {}): TermRow => ({ key: nextKey++, term: term.term ?? '', kind: term.kind ?? 'banned', replacement: term.replacement ?? '' });

const draftOf = (guide: StyleGuide): Draft => ({ spellingVariant: guide.spellingVariant, terms: guide.terms.map((t) => row(t)), rules: guide.rules });

const inputOf = (draft: Draft): StyleGuideInput => ({
  spellingVariant: draft.spellingVariant,
  terms: draft.terms.map(({ term, kind, replacement }) => ({ term, kind, replacement })),
  rules: draft.rules,
});

const sameInput = (a: Draft, b: Draft) => JSON.stringify(inputOf(a)) === JSON.stringify(inputOf(b));

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

  const setTerm = (i: number, change: Partial<StyleTermInput>) =>
    setDraft((d) => ({ ...d, terms: d.terms.map((t, j) => (j === i ? { ...t, ...change } : t)) }));

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
  const termsError = errors.terms;

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
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-900" id="house-style-terms">
            Terms
          </h3>
          <p className="text-xs text-slate-600">
            A banned term is flagged with its replacement; a preferred term is flagged when written another way (“Javascript” for
            “JavaScript”). Whole words, any case. Up to {MAX_STYLE_TERMS} terms.
          </p>
          {draft.terms.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-600" data-testid="house-style-empty">
              No terms yet. {readOnly ? '' : 'Add the words your team prefers or never uses.'}
            </p>
          ) : (
            <div className="flex flex-col gap-2" role="group" aria-labelledby="house-style-terms">
              <div className="hidden grid-cols-[minmax(0,1fr)_8rem_minmax(0,1fr)_2.5rem] gap-2 text-xs font-medium text-slate-700 sm:grid" aria-hidden="true">
                <span>Term</span>
                <span>Kind</span>
                <span>Replacement</span>
                <span />
              </div>
              <ol className="flex flex-col gap-3 sm:gap-2">
                {draft.terms.map((field, i) => {
                  const preferred = field.kind === 'preferred';
                  const termError = errors[`terms.${i}.term`];
                  const replacementError = errors[`terms.${i}.replacement`];
                  return (
                    <li key={field.key} className="grid grid-cols-1 gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[minmax(0,1fr)_8rem_minmax(0,1fr)_2.5rem] sm:border-0 sm:p-0">
                      <div className="flex flex-col gap-1">
                        <label htmlFor={`term-${field.key}`} className={ROW_LABEL}>
                          Term {i + 1}
                        </label>
                        <Input
                          id={`term-${field.key}`}
                          name={`terms.${i}.term`}
                          maxLength={MAX_STYLE_TERM_CHARACTERS}
                          value={field.term}
                          onChange={(e) => setTerm(i, { term: e.target.value })}
                          aria-invalid={Boolean(termError)}
                          aria-describedby={termError ? `term-${field.key}-error` : undefined}
                        />
                        <FieldError id={`term-${field.key}-error`} message={termError} />
                      </div>
                      <div className="flex flex-col gap-1">
                        <label htmlFor={`kind-${field.key}`} className={ROW_LABEL}>
                          Kind of term {i + 1}
                        </label>
                        <select
                          id={`kind-${field.key}`}
                          name={`terms.${i}.kind`}
                          className={SELECT}
                          value={field.kind}
                          onChange={(e) => {
                            const kind = e.target.value as StyleTermInput['kind'];
                            setTerm(i, kind === 'preferred' ? { kind, replacement: '' } : { kind });
                          }}
                        >
                          {STYLE_TERM_KINDS.map((k) => (
                            <option key={k} value={k}>
                              {STYLE_TERM_KIND_LABELS[k]}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="flex flex-col gap-1">
                        <label htmlFor={`replacement-${field.key}`} className={ROW_LABEL}>
                          Replacement for term {i + 1}
                        </label>
                        <Input
                          id={`replacement-${field.key}`}
                          name={`terms.${i}.replacement`}
                          maxLength={MAX_STYLE_TERM_CHARACTERS}
                          readOnly={preferred}
                          placeholder={preferred ? 'Not needed: written as shown' : ''}
                          value={field.replacement}
                          onChange={(e) => setTerm(i, { replacement: e.target.value })}
                          aria-invalid={Boolean(replacementError)}
                          aria-describedby={replacementError ? `replacement-${field.key}-error` : undefined}
                          className={preferred ? 'bg-slate-50' : undefined}
                        />
                        <FieldError id={`replacement-${field.key}-error`} message={replacementError} />
                      </div>
                      {readOnly ? (
                        <span />
                      ) : (
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          className="h-10 w-10 justify-self-start p-0"
                          aria-label={`Remove term ${i + 1}`}
                          onClick={() => {
                            setDraft((d) => ({ ...d, terms: d.terms.filter((_, j) => j !== i) }));
                            // Row errors are by position: they no longer match the rows below.
                            setErrors({});
                          }}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden="true" />
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ol>
            </div>
          )}
          {termsError ? <FieldError id="house-style-terms-error" message={termsError} /> : null}
          {readOnly ? null : (
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={draft.terms.length >= MAX_STYLE_TERMS}
                onClick={() => {
                  setDraft((d) => ({ ...d, terms: [...d.terms, row()] }));
                  setFocusName(`terms.${draft.terms.length}.term`);
                }}
              >
                <Plus className="h-4 w-4" aria-hidden="true" /> Add term
              </Button>
            </div>
          )}
        </div>

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
