import { useCallback, useMemo } from 'react';
import type { Finding } from '@shared/language-checks.schema';
import {
  findingDecision,
  findingWord,
  foldWord,
  indexDecisions,
  isFindingDecided,
  isSuggestionDecided,
} from '@shared/review-decisions.schema';
import { useDictionary, useDictionaryWord, useRecordDecision, useReviewDecisions as useStoredDecisions } from '../api/review-decisions';

/**
 * The workspace's decisions that stick (issue 42, decision 067), for whatever lists findings or suggested claims:
 * which are still open (not ignored, accepted or ignored-all on the server, and no spelling finding on a word of the
 * reviewer's dictionary), and the calls that decide. The server keeps them per order, so the autosave's new check, a
 * reload and another reviewer see the same.
 */
export function useReviewDecisions(submissionId: string) {
  const decisions = useStoredDecisions(submissionId);
  const dictionary = useDictionary();
  const record = useRecordDecision(submissionId);
  const word = useDictionaryWord(submissionId);
  const index = useMemo(() => indexDecisions(decisions.data?.decisions ?? []), [decisions.data]);
  const words = useMemo(() => new Set((dictionary.data?.words ?? []).map(foldWord)), [dictionary.data]);

  const isFindingOpen = useCallback(
    (finding: Finding, checked: string) =>
      !isFindingDecided(finding, checked, index) && !(finding.category === 'spelling' && words.has(foldWord(findingWord(finding, checked)))),
    [index, words],
  );
  const isSuggestionOpen = useCallback((suggestion: { start: number; end: number }) => !isSuggestionDecided(suggestion, index), [index]);
  const { mutate } = record;
  const decideFinding = useCallback(
    (finding: Finding, checked: string, action: 'ignore' | 'accept') => mutate(findingDecision(finding, checked, action)),
    [mutate],
  );
  /** Ignores every finding of the rule on these words (any case) in this order, now and after later saves. */
  const ignoreAll = useCallback(
    (finding: Finding, checked: string) => mutate({ kind: 'rule', action: 'ignore-all', rule: finding.rule, word: findingWord(finding, checked) }),
    [mutate],
  );
  const decideSuggestion = useCallback(
    (suggestion: { start: number; end: number }, action: 'ignore' | 'accept') => mutate({ kind: 'suggestion', action, start: suggestion.start, end: suggestion.end }),
    [mutate],
  );
  const { mutate: changeWord } = word;
  const addToDictionary = useCallback((text: string) => changeWord({ word: text.trim() }), [changeWord]);

  return {
    /** Until the stored decisions load, nothing is shown as open (a decided card never flashes back). */
    ready: decisions.isSuccess,
    failed: decisions.isError,
    isFindingOpen,
    isSuggestionOpen,
    decideFinding,
    ignoreAll,
    decideSuggestion,
    addToDictionary,
  };
}
