import type { Finding } from './language-checks.schema';
import { findingWord, foldWord } from './review-decisions.schema';

/**
 * A checker's message as plain text (issue 42): harper.js writes Markdown ("Did you mean to spell `Ofcom` this way?",
 * **bold**, [links](…)); the workspace, the report and the API show words, not markup. A code span becomes the words
 * in quotation marks; emphasis and link markup go, their words stay. The one place messages are made plain: the
 * language checks' worker calls it on every finding.
 */
export function plainMessage(message: string): string {
  return (
    message
      // `code` → “code” (a double backtick span too); an unpaired backtick is dropped.
      .replace(/`{1,2}([^`]+?)`{1,2}/g, '\u201c$1\u201d')
      .replace(/`/g, '')
      // [words](address) → words
      .replace(/\[([^\]]*)\]\([^)\s]*\)/g, '$1')
      // **strong**, __strong__, *em*, _em_ (word-bounded underscores only, so snake_case stays)
      .replace(/\*\*([^*]+)\*\*/g, '$1')
      .replace(/__([^_]+)__/g, '$1')
      .replace(/(^|[\s(])\*([^*\s][^*]*?)\*(?=[\s).,;:!?]|$)/g, '$1$2')
      .replace(/(^|[\s(])_([^_\s][^_]*?)_(?=[\s).,;:!?]|$)/g, '$1$2')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Findings of one rule on one word (case folded): one card with a count (issue 42). */
export interface FindingGroup {
  /** `rule` and the folded word: stable across checks, a key for the card. */
  key: string;
  rule: string;
  category: Finding['category'];
  /** The words as first written in the text. */
  word: string;
  /** The first finding's message and suggestions: the group's. */
  message: string;
  suggestions: string[];
  /** Every occurrence, in text order. */
  findings: Finding[];
}

/**
 * Groups findings by rule and word (case folded), in the order each group first appears in the text. A long-sentence
 * finding's "word" is its sentence, so such findings stay one per sentence.
 */
export function groupFindings(findings: readonly Finding[], checked: string): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const finding of [...findings].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const word = findingWord(finding, checked);
    const key = JSON.stringify([finding.rule, foldWord(word)]);
    const group = groups.get(key);
    if (group) group.findings.push(finding);
    else groups.set(key, { key, rule: finding.rule, category: finding.category, word, message: finding.message, suggestions: finding.suggestions, findings: [finding] });
  }
  return [...groups.values()];
}
