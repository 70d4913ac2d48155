import { Plus, Trash2 } from 'lucide-react';
import { MAX_STYLE_TERM_CHARACTERS, MAX_STYLE_TERMS, STYLE_TERM_KIND_LABELS, STYLE_TERM_KINDS, type StyleTermInput } from '@shared/style-guide.schema';
import { Button } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/label';
import { Input } from '@client/components/ui/input';
import { row, ROW_LABEL, SELECT, type Draft, type Errors } from './house-style-draft';

/**
 * The terms table of the house style: a row per term (the term, banned or preferred, the replacement of a banned
 * one), Remove on each and Add term below, with the schema's errors beside each field. `focus` names a field to
 * focus once it exists (a new row's term).
 */
export function StyleTerms({
  draft,
  setDraft,
  errors,
  setErrors,
  readOnly,
  focus,
}: {
  draft: Draft;
  setDraft: (update: (draft: Draft) => Draft) => void;
  errors: Errors;
  setErrors: (errors: Errors) => void;
  readOnly: boolean;
  focus: (name: string) => void;
}) {
  const setTerm = (i: number, change: Partial<StyleTermInput>) =>
    setDraft((d) => ({ ...d, terms: d.terms.map((t, j) => (j === i ? { ...t, ...change } : t)) }));
  const termsError = errors.terms;
  return (
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
              focus(`terms.${draft.terms.length}.term`);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Add term
          </Button>
        </div>
      )}
    </div>
  );
}
