import { useEffect, useMemo, useState } from 'react';
import { diffWords, wordsChanged } from '@shared/text-diff';

const COUNT_AFTER_MS = 250;
const COUNT_FOR_AT_MOST_MS = 200;

/** The live count of changed words: counted when typing pauses, and never blocking the page for long. */
export function useChangedWords(original: string, text: string): number {
  const [counted, setCounted] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setCounted(text), COUNT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return useMemo(() => wordsChanged(diffWords(original, counted, { timeoutMs: COUNT_FOR_AT_MOST_MS })), [original, counted]);
}
