import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import {
  claimInputSchema,
  MAX_SOURCES_PER_CLAIM,
  NO_CHECKABLE_CLAIMS_LABEL,
  VERDICT_HINTS,
  VERDICT_LABELS,
  VERDICTS,
  type Claim,
  type ClaimInput,
  type Verdict,
} from '@shared/fact-check.schema';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { PassageInContext, SourceLinks, VerdictBadge } from '@client/features/fact-check';
import { useClaims, useDeleteClaim, useSaveClaim } from './api/claims';
import { useWorkspaceKey } from './workspace-keys';
import { isKey } from './workspace-shortcuts';

interface Passage {
  text: string;
  start: number;
  end: number;
}

interface ClaimDraft {
  claimId?: string;
  passage: Passage | null;
  verdict: Verdict;
  sources: string;
  note: string;
}

const EMPTY: ClaimDraft = { passage: null, verdict: 'supported', sources: '', note: '' };
const SELECT_FIRST = 'Select the passage in the original content first, then press "Quote selected text"';

/** What the workspace asks of the report: its keys (r, n, q) go to it, to its form, and quote the selection. */
export interface ClaimEditorHandle {
  focusReport(): void;
  focusForm(): void;
  quoteSelection(): void;
}

/** The selected text of a textarea (the dialog's original), without the spaces around it, with its offsets. */
export function textareaSelection(area: HTMLTextAreaElement | null): Passage | null {
  if (!area) return null;
  let start = area.selectionStart;
  let end = area.selectionEnd;
  const value = area.value;
  while (start < end && /\s/.test(value[start]!)) start += 1;
  while (end > start && /\s/.test(value[end - 1]!)) end -= 1;
  if (end <= start) return null;
  return { text: value.slice(start, end), start, end };
}

function toInput(draft: ClaimDraft): ClaimInput {
  return {
    passage: draft.passage?.text ?? '',
    passageStart: draft.passage?.start ?? 0,
    passageEnd: draft.passage?.end ?? 0,
    verdict: draft.verdict,
    sources: draft.sources
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
    note: draft.note,
  };
}

/** First message per field, from the shared schema (the server checks the same rules). */
function fieldErrors(draft: ClaimDraft): Record<string, string> {
  if (!draft.passage) return { passage: SELECT_FIRST };
  const result = claimInputSchema.safeParse(toInput(draft));
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/**
 * The fact-check report, built claim by claim: the reviewer selects a passage in the original, gives a verdict,
 * sources and a note. Each claim is saved at once (they are rows on the server, not part of the draft).
 */
export function ClaimEditor({
  submissionId,
  content,
  readSelection,
  noCheckableClaims,
  onNoCheckableClaimsChange,
  quote,
  verdictKeys = false,
  handleRef,
  onLeave,
}: {
  submissionId: string;
  content: string;
  /** The original's selection, quoted by "Quote selected text". */
  readSelection: () => Passage | null;
  noCheckableClaims: boolean;
  onNoCheckableClaimsChange: (value: boolean) => void;
  /** A passage quoted from outside (a suggested claim); each new object starts a claim with it. */
  quote?: Passage | null;
  /** The workspace's keys 1–4: the verdict of the claim being written, when not typing (and on the verdict list). */
  verdictKeys?: boolean;
  handleRef?: Ref<ClaimEditorHandle>;
  /** Esc in the claim form (the workspace: back to the cards). */
  onLeave?: () => void;
}) {
  const claims = useClaims(submissionId);
  const save = useSaveClaim(submissionId);
  const remove = useDeleteClaim(submissionId);
  const [draft, setDraft] = useState<ClaimDraft>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const errors = showErrors ? fieldErrors(draft) : {};
  const list = claims.data ?? [];
  const verdictRef = useRef<HTMLSelectElement | null>(null);
  const reportRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!quote) return;
    setDraft({ ...EMPTY, passage: quote });
    setShowErrors(false);
    // In the workspace the focus follows into the new claim's form (issue 42); the dialog only shows it.
    if (verdictKeys) verdictRef.current?.focus();
    else verdictRef.current?.scrollIntoView({ block: 'nearest' });
  }, [quote, verdictKeys]);

  /** 1–4: the verdict, if the key is one. */
  const verdictKey = (key: string): boolean => {
    const verdict = isKey('verdict', { key }) ? VERDICTS[Number(key) - 1] : undefined;
    if (!verdict) return false;
    setDraft((d) => ({ ...d, verdict }));
    return true;
  };
  useWorkspaceKey((event) => verdictKey(event.key), { enabled: verdictKeys });

  const quoteSelection = () => {
    const passage = readSelection();
    setDraft((d) => ({ ...d, passage }));
    if (!passage) setShowErrors(true);
    else if (verdictKeys) verdictRef.current?.focus();
  };
  useImperativeHandle(handleRef, () => ({
    focusReport: () => reportRef.current?.focus(),
    focusForm: () => verdictRef.current?.focus(),
    quoteSelection,
  }));

  const submit = () => {
    setShowErrors(true);
    if (Object.keys(fieldErrors(draft)).length > 0) return;
    save.mutate(
      { ...(draft.claimId ? { claimId: draft.claimId } : {}), claim: toInput(draft) },
      {
        onSuccess: () => {
          toast({ title: draft.claimId ? 'Claim updated' : 'Claim added' });
          setDraft(EMPTY);
          setShowErrors(false);
        },
      },
    );
  };

  const edit = (claim: Claim) => {
    setDraft({
      claimId: claim.id,
      passage: { text: claim.passage, start: claim.passageStart, end: claim.passageEnd },
      verdict: claim.verdict,
      sources: claim.sources.join('\n'),
      note: claim.note,
    });
    setShowErrors(false);
  };

  return (
    <section ref={reportRef} tabIndex={-1} className="flex flex-col gap-4 outline-none focus-visible:ring-2 focus-visible:ring-emerald-700" aria-labelledby={`${submissionId}-fact-check`}>
      <h4 id={`${submissionId}-fact-check`} className="text-sm font-semibold text-slate-900">
        Fact-check report
      </h4>

      {claims.isLoading ? (
        <Skeleton className="h-16 w-full" />
      ) : claims.isError ? (
        <p className="text-sm text-red-700">Could not load the claims.</p>
      ) : list.length === 0 ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-600">No claims yet.</p>
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-emerald-700"
              checked={noCheckableClaims}
              onChange={(e) => onNoCheckableClaimsChange(e.target.checked)}
            />
            {NO_CHECKABLE_CLAIMS_LABEL}
          </label>
        </div>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Claims">
          {list.map((claim, i) => (
            <li key={claim.id} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex items-center gap-2 text-sm font-medium">
                  Claim {i + 1} <VerdictBadge verdict={claim.verdict} />
                </span>
                <span className="flex gap-2">
                  <Button type="button" size="sm" variant="outline" onClick={() => edit(claim)} aria-label={`Edit claim ${i + 1}`}>
                    Edit
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={remove.isPending}
                    aria-label={`Delete claim ${i + 1}`}
                    onClick={() =>
                      remove.mutate(claim.id, {
                        onSuccess: () => {
                          toast({ title: 'Claim deleted' });
                          if (draft.claimId === claim.id) setDraft(EMPTY);
                        },
                      })
                    }
                  >
                    Delete
                  </Button>
                </span>
              </div>
              <PassageInContext content={content} claim={claim} />
              {claim.note ? <p className="text-sm text-slate-800">{claim.note}</p> : null}
              <SourceLinks sources={claim.sources} />
            </li>
          ))}
        </ol>
      )}

      <fieldset
        className="flex flex-col gap-3 rounded-md border border-dashed border-slate-300 p-3"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onLeave) {
            e.preventDefault();
            onLeave();
          }
        }}
      >
        <legend className="px-1 text-sm font-medium text-slate-800">{draft.claimId ? 'Edit the claim' : 'Add a claim'}</legend>
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" size="sm" variant="outline" onClick={quoteSelection}>
              Quote selected text
            </Button>
            <span className="text-xs text-slate-600">Select the claim in the original content, then quote it.</span>
          </div>
          {draft.passage ? (
            <p className="text-sm" data-testid="claim-passage">
              Passage: <q className="font-medium">{draft.passage.text}</q>
            </p>
          ) : null}
          {errors.passage ? (
            <p className="text-sm text-red-700" role="alert">
              {errors.passage}
            </p>
          ) : null}
        </div>
        <FormField label="Verdict" hint={VERDICT_HINTS[draft.verdict]}>
          {(p) => (
            <select
              {...p}
              ref={verdictRef}
              value={draft.verdict}
              onKeyDown={(e) => {
                // On the verdict list too, 1–4 set the verdict rather than jump to an option by its first letter.
                if (verdictKeys && !e.ctrlKey && !e.metaKey && !e.altKey && verdictKey(e.key)) e.preventDefault();
              }}
              onChange={(e) => setDraft((d) => ({ ...d, verdict: e.target.value as Verdict }))}
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-base sm:text-sm"
            >
              {VERDICTS.map((v) => (
                <option key={v} value={v}>
                  {VERDICT_LABELS[v]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Sources"
          hint={`One http(s) address per line, up to ${MAX_SOURCES_PER_CLAIM}.`}
          error={errors.sources}
        >
          {(p) => (
            <Textarea
              {...p}
              rows={2}
              inputMode="url"
              placeholder="https://"
              value={draft.sources}
              onChange={(e) => setDraft((d) => ({ ...d, sources: e.target.value }))}
            />
          )}
        </FormField>
        <FormField label="Note" error={errors.note}>
          {(p) => (
            <Textarea {...p} rows={2} value={draft.note} onChange={(e) => setDraft((d) => ({ ...d, note: e.target.value }))} />
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          {draft.claimId ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setDraft(EMPTY)}>
              Cancel
            </Button>
          ) : null}
          <Button type="button" size="sm" onClick={submit} disabled={save.isPending}>
            {draft.claimId ? 'Save claim' : 'Add claim'}
          </Button>
        </div>
      </fieldset>
    </section>
  );
}
