import type { Finding } from '../../../shared/language-checks.schema';
import type { StyleTermKind } from '../../../shared/style-guide.schema';

/**
 * The house style's terms as one compiled matcher (decision 046): a trie of the terms' case-folded code points, walked
 * from each word start of the text. No regular expression is built from a term, so a term is always literal (`.*`,
 * `(a+)+$` are just characters) and nothing can backtrack: a scan costs at most (text length × longest term) steps,
 * whatever the guide holds. Matches are whole words or phrases: no letter, digit, mark or connector directly before
 * or after. Leftmost, then longest; matches never overlap.
 */

export interface MatcherTerm {
  term: string;
  kind: StyleTermKind;
  replacement: string;
}

interface Node {
  next: Map<string, Node>;
  entry: MatcherTerm | null;
}

export interface HouseStyleMatcher {
  /** Banned terms anywhere, and preferred terms written differently, as "House style" findings. */
  find(text: string): Finding[];
  /** Whether a word is a form the guide asks for (a preferred term, or a banned term's replacement), exactly. */
  isHouseForm(text: string): boolean;
  readonly termCount: number;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}\p{Pc}]/u;
const SPACE = /\s/u;
const FOLD_CACHE_LIMIT = 4_096;
const foldCache = new Map<string, string>();

function isWordChar(cp: string): boolean {
  const code = cp.charCodeAt(0);
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  return WORD_CHAR.test(cp);
}

/**
 * One code point, case-folded (close to Unicode simple case folding: "ſ" and "S" fold to "s", "K" (Kelvin) to "k",
 * "ς" to "σ"); any white space is one space. A code point whose lower case is longer ("İ") stays itself.
 */
function fold(cp: string): string {
  const code = cp.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : (code >= 9 && code <= 13) ? ' ' : cp;
  let folded = foldCache.get(cp);
  if (folded === undefined) {
    if (SPACE.test(cp)) folded = ' ';
    else {
      const lower = cp.toLowerCase();
      if ([...lower].length !== 1) folded = cp;
      else {
        const upper = lower.toUpperCase();
        const again = [...upper].length === 1 ? upper.toLowerCase() : lower;
        folded = [...again].length === 1 ? again : lower;
      }
    }
    if (foldCache.size < FOLD_CACHE_LIMIT) foldCache.set(cp, folded);
  }
  return folded;
}

/** The code point at a UTF-16 index (one or two units). */
function codePointAt(text: string, i: number): string {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return text.slice(i, i + 2);
  }
  return text[i]!;
}

/** The code point that ends just before a UTF-16 index. */
function codePointBefore(text: string, i: number): string {
  const code = text.charCodeAt(i - 1);
  if (code >= 0xdc00 && code <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(i - 2, i);
  }
  return text[i - 1]!;
}

const sameForm = (a: string, b: string) => a.normalize('NFC').replace(/\s+/gu, ' ') === b.normalize('NFC').replace(/\s+/gu, ' ');

/** "use" for "Utilise" at a sentence's start; a replacement with capitals of its own ("iPhone") is kept as written. */
function matchCase(matched: string, replacement: string): string {
  if (!/^\p{Lu}/u.test(matched) || replacement !== replacement.toLowerCase()) return replacement;
  const first = codePointAt(replacement, 0);
  return first.toUpperCase() + replacement.slice(first.length);
}

function insert(root: Node, form: string, entry: MatcherTerm): void {
  let node = root;
  for (const cp of form) {
    const key = fold(cp);
    let child = node.next.get(key);
    if (!child) {
      child = { next: new Map(), entry: null };
      node.next.set(key, child);
    }
    node = child;
  }
  // The first of two terms that fold alike wins (the guide's schema refuses such duplicates anyway).
  node.entry ??= entry;
}

function finding(text: string, start: number, end: number, entry: MatcherTerm): Finding | null {
  const matched = text.slice(start, end);
  if (entry.kind === 'preferred') {
    if (sameForm(matched, entry.term)) return null;
    return {
      start,
      end,
      rule: 'house-style:preferred',
      category: 'house-style',
      message: `House style: write “${entry.term}”, as the style guide spells it.`,
      suggestions: [entry.term],
    };
  }
  return {
    start,
    end,
    rule: 'house-style:banned',
    category: 'house-style',
    message: `House style: “${matched}” is on the banned list; write “${entry.replacement}”.`,
    suggestions: [matchCase(matched, entry.replacement)],
  };
}

/** One matcher for a guide's terms: build it once per guide version and reuse it for every check. */
export function compileHouseStyle(terms: readonly MatcherTerm[]): HouseStyleMatcher {
  const root: Node = { next: new Map(), entry: null };
  const houseForms = new Set<string>();
  for (const entry of terms) {
    const term = entry.term.replace(/\s+/gu, ' ').trim();
    if (term === '') continue;
    const normalised = { ...entry, term };
    // Composed and decomposed spellings ("café" as é or as e + ◌́) both match.
    for (const form of new Set([term.normalize('NFC'), term.normalize('NFD')])) insert(root, form, normalised);
    // The form the guide asks for, and each of its words: "Ofcom" in "Ofcom Group" is no misspelling either (issue 42).
    const form = (entry.kind === 'preferred' ? term : entry.replacement).normalize('NFC');
    houseForms.add(form);
    for (const word of form.split(' ')) if (word !== '') houseForms.add(word);
  }

  return {
    termCount: terms.length,
    isHouseForm: (text) => houseForms.has(text.normalize('NFC')),
    find(text) {
      const found: Finding[] = [];
      if (root.next.size === 0) return found;
      const n = text.length;
      let i = 0;
      let previousIsWord = false;
      while (i < n) {
        const cp = codePointAt(text, i);
        if (!previousIsWord) {
          // Walk the trie from this word start; remember the longest term that ends on a boundary.
          let node: Node | undefined = root;
          let j = i;
          let best: { end: number; entry: MatcherTerm } | null = null;
          while (j < n) {
            const next = codePointAt(text, j);
            node = node.next.get(fold(next));
            if (!node) break;
            j += next.length;
            if (node.entry && (j >= n || !isWordChar(codePointAt(text, j)))) best = { end: j, entry: node.entry };
          }
          if (best) {
            const hit = finding(text, i, best.end, best.entry);
            if (hit) found.push(hit);
            i = best.end;
            previousIsWord = isWordChar(codePointBefore(text, i));
            continue;
          }
        }
        previousIsWord = isWordChar(cp);
        i += cp.length;
      }
      return found;
    },
  };
}
