import { countWords } from './word-count';

/**
 * Splits a text longer than one order takes into parts that each fit (issue 45, decision 069): at paragraph
 * breaks first, then at sentence ends inside a paragraph that is too long on its own, then between words inside a
 * sentence that is. Parts are about equal: n = the fewest parts that can fit, each filled towards total / n words
 * and never past `maxWords` words or `maxCharacters` characters. Words are counted with the one countWords, so
 * each part's count is the count the server will charge. Zod-free: the order form's island imports it.
 */
export interface TextPart {
  text: string;
  words: number;
}

interface Unit {
  text: string;
  words: number;
  /** What joins this unit to the one before it inside a part: a paragraph break or a space. */
  joiner: string;
}

const PARAGRAPH_BREAK = /\n[^\S\n]*\n\s*/;
const SENTENCE_END = /(?<=[.!?…]["'”’)\]]*)\s+/u;
const WHITESPACE = /\s+/;

function chunkTokens(sentence: string, maxWords: number, maxCharacters: number): Unit[] {
  const tokens = sentence.split(WHITESPACE).filter(Boolean);
  const units: Unit[] = [];
  let current: string[] = [];
  let words = 0;
  const flush = () => {
    if (current.length === 0) return;
    units.push({ text: current.join(' '), words, joiner: ' ' });
    current = [];
    words = 0;
  };
  for (const token of tokens) {
    const tokenWords = countWords(token);
    if (current.length > 0 && (words + tokenWords > maxWords || current.join(' ').length + 1 + token.length > maxCharacters)) flush();
    current.push(token);
    words += tokenWords;
  }
  flush();
  return units;
}

/** The text as units no larger than one part: paragraphs, or sentences and word runs of a paragraph too long. */
function units(text: string, maxWords: number, maxCharacters: number): Unit[] {
  const out: Unit[] = [];
  for (const paragraph of text.trim().split(PARAGRAPH_BREAK)) {
    const trimmed = paragraph.trim();
    if (!trimmed) continue;
    const words = countWords(trimmed);
    if (words <= maxWords && trimmed.length <= maxCharacters) {
      out.push({ text: trimmed, words, joiner: '\n\n' });
      continue;
    }
    let first = true;
    for (const sentence of trimmed.split(SENTENCE_END)) {
      const sentenceWords = countWords(sentence);
      if (sentenceWords === 0) continue;
      const pieces =
        sentenceWords <= maxWords && sentence.length <= maxCharacters
          ? [{ text: sentence, words: sentenceWords, joiner: ' ' }]
          : chunkTokens(sentence, maxWords, maxCharacters);
      for (const piece of pieces) {
        out.push({ ...piece, joiner: first ? '\n\n' : ' ' });
        first = false;
      }
    }
  }
  return out;
}

/** The parts of `text`, in order; one part (the whole text, trimmed) when it already fits. */
export function splitIntoParts(text: string, maxWords: number, maxCharacters: number): TextPart[] {
  const all = units(text, maxWords, maxCharacters);
  const total = all.reduce((sum, unit) => sum + unit.words, 0);
  if (total === 0) return [];
  const fewest = Math.ceil(total / maxWords);
  const target = Math.ceil(total / fewest);
  const parts: TextPart[] = [];
  let current: Unit[] = [];
  let words = 0;
  let characters = 0;
  let placed = 0;
  const flush = () => {
    if (current.length === 0) return;
    placed += words;
    const body = current.map((unit, index) => (index === 0 ? unit.text : unit.joiner + unit.text)).join('');
    parts.push({ text: body, words: countWords(body) });
    current = [];
    words = 0;
    characters = 0;
  };
  for (const unit of all) {
    const fits = words + unit.words <= maxWords && characters + unit.joiner.length + unit.text.length <= maxCharacters;
    // Close the part when the unit would not fit, or when the unit would take the part further past its share than
    // stopping short leaves it, as long as the rest still fits in the parts left.
    const rest = total - placed - words;
    const overShare =
      words > 0 && words + unit.words - target > target - words && rest <= (fewest - parts.length - 1) * maxWords;
    if (current.length > 0 && (!fits || overShare)) flush();
    current.push(unit);
    words += unit.words;
    characters += (current.length > 1 ? unit.joiner.length : 0) + unit.text.length;
  }
  flush();
  return parts;
}
