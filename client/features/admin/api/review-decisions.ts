import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dictionarySchema,
  reviewDecisionListSchema,
  type Dictionary,
  type ReviewDecision,
  type ReviewDecisionInput,
  type ReviewDecisionList,
} from '@shared/review-decisions.schema';
import { ApiError, apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The order's stored review decisions and the reviewer's dictionary (issue 42, decision 067): what was ignored or
 * accepted stays so after the autosave's new check, a reload, and for another reviewer.
 */
const decisionsUrl = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/decisions`;
const DICTIONARY_URL = '/api/admin/dictionary';

export const reviewDecisionsQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.decisions(submissionId),
    queryFn: () => apiJson(reviewDecisionListSchema, 'GET', decisionsUrl(submissionId)),
  });

export function useReviewDecisions(submissionId: string) {
  return useQuery(reviewDecisionsQueryOptions(submissionId));
}

/** The decision as the list will show it, until the server answers (the card goes at once). */
function pendingDecision(input: ReviewDecisionInput): ReviewDecision {
  return {
    id: `pending-${Math.random().toString(36).slice(2)}`,
    kind: input.kind,
    action: input.action,
    rule: input.kind === 'suggestion' ? null : input.rule,
    word: input.kind === 'suggestion' ? null : input.word,
    context: input.kind === 'finding' ? input.context : null,
    start: input.kind === 'suggestion' ? input.start : null,
    end: input.kind === 'suggestion' ? input.end : null,
    decidedBy: null,
    decidedAt: new Date().toISOString(),
  };
}

const failed = (fallback: string) => (error: unknown) => (error instanceof ApiError && error.serverMessage) || fallback;

/** Ignore / accept / ignore all: shown at once, stored on the server; undone in the list if the server refuses. */
export function useRecordDecision(submissionId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.admin.decisions(submissionId);
  return useMutation({
    mutationFn: (input: ReviewDecisionInput) => apiJson(reviewDecisionListSchema, 'POST', decisionsUrl(submissionId), input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ReviewDecisionList>(key);
      queryClient.setQueryData<ReviewDecisionList>(key, { decisions: [...(before?.decisions ?? []), pendingDecision(input)] });
      return { before };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (list) => queryClient.setQueryData(key, list),
    meta: { errorMessage: failed('The decision could not be saved') },
  });
}

/** Takes a decision back: its finding or suggestion shows again. */
export function useUndoDecision(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decisionId: string) => apiJson(reviewDecisionListSchema, 'DELETE', `${decisionsUrl(submissionId)}/${encodeURIComponent(decisionId)}`),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.admin.decisions(submissionId), list),
    meta: { errorMessage: failed('The decision could not be undone') },
  });
}

export const dictionaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.dictionary, queryFn: () => apiJson(dictionarySchema, 'GET', DICTIONARY_URL) });

export function useDictionary() {
  return useQuery(dictionaryQueryOptions());
}

/**
 * Adds a word to the reviewer's dictionary (or removes it): shown at once; the order's checks are asked again, as the
 * server leaves the word's spelling findings out for this reviewer.
 */
export function useDictionaryWord(submissionId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ word, remove }: { word: string; remove?: boolean }) =>
      remove ? apiJson(dictionarySchema, 'DELETE', `${DICTIONARY_URL}/${encodeURIComponent(word)}`) : apiJson(dictionarySchema, 'POST', DICTIONARY_URL, { word }),
    onMutate: async ({ word, remove }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.admin.dictionary });
      const before = queryClient.getQueryData<Dictionary>(queryKeys.admin.dictionary);
      const words = before?.words ?? [];
      queryClient.setQueryData<Dictionary>(queryKeys.admin.dictionary, { words: remove ? words.filter((w) => w !== word) : [...words, word] });
      return { before };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(queryKeys.admin.dictionary, context?.before),
    onSuccess: async (dictionary) => {
      queryClient.setQueryData(queryKeys.admin.dictionary, dictionary);
      if (submissionId) await queryClient.invalidateQueries({ queryKey: queryKeys.admin.allChecks(submissionId) });
    },
    meta: { errorMessage: failed('The dictionary could not be changed') },
  });
}
