import type { EnglishVariant } from '../../../shared/categories';
import type { Finding } from '../../../shared/language-checks.schema';

/**
 * The house rule pack "AI tells" (issue 23): what gives machine-written text away to a reader, each with a message
 * and, where one exists, a replacement. Every rule is linear in the text (decision 052): the phrase lists are one
 * alternation of literals each, the sentence and word patterns are single character classes that cannot backtrack
 * into each other, a run of same openings is flushed once, and the em dashes are paired with their sentences in
 * one sweep. The pack runs in the checker's worker thread (harper-worker.ts), never on the server's event loop.
 */

interface Phrase {
  phrase: string;
  /** Replacements, best first; [] when the sentence needs rewriting by a person. */
  suggestions: string[];
}

/** Stock phrases of model prose, collected from style guides and reviewers' lists. Lower case, literal. */
const STOCK_PHRASES: readonly Phrase[] = [
  { phrase: "in today's fast-paced world", suggestions: [''] },
  { phrase: 'in today’s fast-paced world', suggestions: [''] },
  { phrase: "in today's digital age", suggestions: ['today'] },
  { phrase: 'in today’s digital age', suggestions: ['today'] },
  { phrase: 'in the ever-evolving landscape of', suggestions: ['in'] },
  { phrase: 'ever-evolving landscape', suggestions: ['changing field'] },
  { phrase: "it's important to note that", suggestions: [''] },
  { phrase: 'it’s important to note that', suggestions: [''] },
  { phrase: 'it is important to note that', suggestions: [''] },
  { phrase: "it's worth noting that", suggestions: [''] },
  { phrase: 'it’s worth noting that', suggestions: [''] },
  { phrase: 'it is worth noting that', suggestions: [''] },
  { phrase: 'navigate the complexities of', suggestions: ['handle'] },
  { phrase: 'navigating the complexities of', suggestions: ['handling'] },
  { phrase: 'a testament to', suggestions: ['proof of', 'a sign of'] },
  { phrase: 'unlock the potential of', suggestions: ['make the most of'] },
  { phrase: 'unlock the full potential of', suggestions: ['make the most of'] },
  { phrase: 'unleash the power of', suggestions: ['use'] },
  { phrase: 'harness the power of', suggestions: ['use'] },
  { phrase: 'delve into', suggestions: ['look at', 'explore'] },
  { phrase: 'delves into', suggestions: ['looks at', 'explores'] },
  { phrase: 'delving into', suggestions: ['looking at', 'exploring'] },
  { phrase: 'rich tapestry', suggestions: ['mix'] },
  { phrase: 'tapestry of', suggestions: ['mix of'] },
  { phrase: 'embark on a journey', suggestions: ['start'] },
  { phrase: 'plays a pivotal role in', suggestions: ['matters to', 'shapes'] },
  { phrase: 'play a pivotal role in', suggestions: ['matter to', 'shape'] },
  { phrase: 'plays a crucial role in', suggestions: ['matters to', 'shapes'] },
  { phrase: 'play a crucial role in', suggestions: ['matter to', 'shape'] },
  { phrase: 'in the realm of', suggestions: ['in'] },
  { phrase: 'seamlessly integrate', suggestions: ['integrate'] },
  { phrase: 'seamless integration', suggestions: ['integration'] },
  { phrase: 'game-changer', suggestions: [] },
  { phrase: 'game changer', suggestions: [] },
  { phrase: 'elevate your', suggestions: ['improve your'] },
  { phrase: 'take it to the next level', suggestions: ['improve it'] },
  { phrase: 'to the next level', suggestions: [] },
  { phrase: 'look no further', suggestions: [''] },
  { phrase: 'whether you are a', suggestions: [] },
  { phrase: "whether you're a", suggestions: [] },
  { phrase: 'in conclusion,', suggestions: [''] },
  { phrase: 'in summary,', suggestions: [''] },
  { phrase: 'at the end of the day', suggestions: ['ultimately'] },
  { phrase: 'stands as a', suggestions: ['is a'] },
  { phrase: 'serves as a', suggestions: ['is a'] },
  { phrase: 'a myriad of', suggestions: ['many'] },
  { phrase: 'myriad of', suggestions: ['many'] },
  { phrase: 'plethora of', suggestions: ['many'] },
  { phrase: 'ever-changing', suggestions: ['changing'] },
  { phrase: 'cutting-edge', suggestions: ['new', 'latest'] },
  { phrase: 'state-of-the-art', suggestions: ['modern'] },
  { phrase: 'robust and scalable', suggestions: ['reliable'] },
  { phrase: 'foster a sense of', suggestions: ['build'] },
  { phrase: 'fostering a sense of', suggestions: ['building'] },
  { phrase: 'a deep dive into', suggestions: ['a close look at'] },
  { phrase: 'deep dive', suggestions: ['close look'] },
  { phrase: 'treasure trove', suggestions: ['collection'] },
];

/** Puffery: praise with nothing behind it. */
const PUFFERY: readonly Phrase[] = [
  { phrase: 'groundbreaking', suggestions: ['new'] },
  { phrase: 'revolutionary', suggestions: ['new'] },
  { phrase: 'revolutionize', suggestions: ['change'] },
  { phrase: 'revolutionise', suggestions: ['change'] },
  { phrase: 'unparalleled', suggestions: [] },
  { phrase: 'unprecedented', suggestions: [] },
  { phrase: 'world-class', suggestions: [] },
  { phrase: 'best-in-class', suggestions: [] },
  { phrase: 'transformative', suggestions: [] },
  { phrase: 'breathtaking', suggestions: [] },
  { phrase: 'vibrant', suggestions: ['lively'] },
  { phrase: 'bustling', suggestions: ['busy'] },
  { phrase: 'nestled', suggestions: ['set', 'located'] },
  { phrase: 'meticulously', suggestions: ['carefully'] },
  { phrase: 'meticulous', suggestions: ['careful'] },
  { phrase: 'paramount', suggestions: ['most important'] },
  { phrase: 'invaluable', suggestions: ['useful'] },
];

/** Hedging: words that qualify a claim until it says nothing. */
const HEDGES: readonly Phrase[] = [
  { phrase: 'arguably', suggestions: [''] },
  { phrase: 'it could be argued that', suggestions: [''] },
  { phrase: 'to some extent', suggestions: [''] },
  { phrase: 'generally speaking', suggestions: [''] },
  { phrase: 'in many ways', suggestions: [''] },
  { phrase: 'may potentially', suggestions: ['may'] },
  { phrase: 'could potentially', suggestions: ['could'] },
  { phrase: 'might potentially', suggestions: ['might'] },
  { phrase: 'it seems that', suggestions: [''] },
  { phrase: 'essentially', suggestions: [''] },
];

/** Spellings of one variant a reader of the other notices. Pairs: [british, american]. */
const VARIANT_PAIRS: readonly [string, string][] = [
  ['colour', 'color'], ['colours', 'colors'], ['favourite', 'favorite'], ['favour', 'favor'], ['honour', 'honor'],
  ['behaviour', 'behavior'], ['neighbour', 'neighbor'], ['labour', 'labor'], ['flavour', 'flavor'], ['humour', 'humor'],
  ['centre', 'center'], ['centres', 'centers'], ['theatre', 'theater'], ['metre', 'meter'], ['litre', 'liter'],
  ['organise', 'organize'], ['organised', 'organized'], ['organisation', 'organization'], ['organisations', 'organizations'],
  ['realise', 'realize'], ['realised', 'realized'], ['recognise', 'recognize'], ['recognised', 'recognized'],
  ['prioritise', 'prioritize'], ['optimise', 'optimize'], ['optimised', 'optimized'], ['analyse', 'analyze'],
  ['analysed', 'analyzed'], ['apologise', 'apologize'], ['customise', 'customize'], ['summarise', 'summarize'],
  ['catalogue', 'catalog'], ['dialogue', 'dialog'], ['defence', 'defense'], ['licence', 'license'], ['offence', 'offense'],
  ['travelled', 'traveled'], ['travelling', 'traveling'], ['cancelled', 'canceled'], ['modelling', 'modeling'],
  ['jewellery', 'jewelry'], ['grey', 'gray'], ['tyre', 'tire'], ['cheque', 'check'], ['programme', 'program'],
  ['aluminium', 'aluminum'], ['mum', 'mom'], ['ageing', 'aging'], ['fulfil', 'fulfill'], ['enrol', 'enroll'],
];

const SAME_OPENING_RUN = 3;
/** Em dashes beyond this many per 100 words, or two in one sentence, read as machine prose. */
const EM_DASHES_PER_100_WORDS = 1;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/['’]/g, "['’]");
}

/** One case-insensitive alternation of literal phrases, longest first, whole words only. */
function phraseRegex(phrases: readonly Phrase[]): { regex: RegExp; byPhrase: Map<string, Phrase> } {
  const byPhrase = new Map(phrases.map((p) => [p.phrase.replace(/’/g, "'"), p]));
  const sorted = [...byPhrase.keys()].sort((a, b) => b.length - a.length);
  const regex = new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escapeRegex).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return { regex, byPhrase };
}

const STOCK = phraseRegex(STOCK_PHRASES);
const PUFF = phraseRegex(PUFFERY);
const HEDGE = phraseRegex(HEDGES);
const BRITISH_WORDS = new Map(VARIANT_PAIRS.map(([gb, us]) => [gb, us]));
const AMERICAN_WORDS = new Map(VARIANT_PAIRS.map(([gb, us]) => [us, gb]));
// "check", "program", "tire", "mom", "meter" and "license" are also ordinary words in British English: never flagged.
const AMBIGUOUS_IN_BRITISH = new Set(['check', 'program', 'tire', 'meter', 'license', 'gray']);
const WORD = /[\p{L}’']+/gu;

/** Keeps the case of the matched text's first letter in a replacement ("Delve into" → "Look at"). */
function matchCase(matched: string, replacement: string): string {
  if (replacement === '' || !/^\p{Lu}/u.test(matched)) return replacement;
  return replacement[0]!.toUpperCase() + replacement.slice(1);
}

/** A finding of this pack; `rule` without its "ai-tells:" prefix. */
function aiTell(start: number, end: number, rule: string, message: string, suggestions: string[]): Finding {
  return { start, end, rule: `ai-tells:${rule}`, category: 'ai-tells', message, suggestions };
}

function phraseFindings(text: string, { regex, byPhrase }: ReturnType<typeof phraseRegex>, rule: string, message: (p: string) => string): Finding[] {
  const findings: Finding[] = [];
  for (const match of text.matchAll(regex)) {
    const phrase = byPhrase.get(match[0].toLowerCase().replace(/’/g, "'"));
    if (!phrase) continue;
    const suggestions = phrase.suggestions.map((s) => matchCase(match[0], s));
    findings.push(aiTell(match.index, match.index + match[0].length, rule, message(match[0]), suggestions));
  }
  return findings;
}

interface Sentence {
  start: number;
  end: number;
  text: string;
}

/** Sentences by their closing punctuation or a line break (good enough for openings and dash counts). */
function sentences(text: string): Sentence[] {
  const found: Sentence[] = [];
  const regex = /[^.!?\n]+[.!?]*/g;
  for (const match of text.matchAll(regex)) {
    const leading = match[0].length - match[0].trimStart().length;
    const trimmed = match[0].trim();
    if (trimmed === '') continue;
    found.push({ start: match.index + leading, end: match.index + leading + trimmed.length, text: trimmed });
  }
  return found;
}

function openingWord(sentence: Sentence): string | null {
  const match = /^[\p{L}’']+/u.exec(sentence.text);
  return match ? match[0].toLowerCase() : null;
}

/** Three or more sentences in a row that open with the same word: each after the second is flagged. */
function sameOpenings(all: Sentence[]): Finding[] {
  const findings: Finding[] = [];
  let run: Sentence[] = [];
  let word: string | null = null;
  const flush = () => {
    if (run.length >= SAME_OPENING_RUN && word) {
      for (const sentence of run.slice(2)) {
        const first = openingWord(sentence)!;
        const message = `${run.length} sentences in a row open with “${word}”: vary how they start.`;
        findings.push(aiTell(sentence.start, sentence.start + first.length, 'same-opening', message, []));
      }
    }
  };
  for (const sentence of all) {
    const opening = openingWord(sentence);
    if (opening !== null && opening === word) {
      run.push(sentence);
    } else {
      flush();
      run = [sentence];
      word = opening;
    }
  }
  flush();
  return findings;
}

/**
 * Em dashes: over one per 100 words in the text, every one is flagged; two in one sentence always are. Sentences and
 * dashes are both in text order, so one sweep pairs them.
 */
function emDashes(text: string, all: Sentence[]): Finding[] {
  const words = text.match(WORD)?.length ?? 0;
  const positions = [...text.matchAll(/\u2014/g)].map((m) => m.index);
  if (positions.length === 0) return [];
  const overused = positions.length > Math.max(1, (words / 100) * EM_DASHES_PER_100_WORDS);
  // flagged[i]: the i-th dash (positions are in text order, so the findings come out in order without a sort).
  const flagged = new Uint8Array(positions.length).fill(overused ? 1 : 0);
  let first = 0;
  for (const sentence of all) {
    while (first < positions.length && positions[first]! < sentence.start) first += 1;
    let end = first;
    while (end < positions.length && positions[end]! < sentence.end) end += 1;
    if (end - first >= 2) flagged.fill(1, first, end);
    first = end;
  }
  const message = overused ? `${positions.length} em dashes in ${words} words: use commas, brackets or full stops instead.` : 'Two em dashes in one sentence: use commas or split it.';
  return positions.filter((_, i) => flagged[i] === 1).map((p) => aiTell(p, p + 1, 'em-dash', message, [', ']));
}

/** Words of the other variant: "color" in a British order, "colour" in an American one. */
function otherVariant(text: string, variant: EnglishVariant): Finding[] {
  const findings: Finding[] = [];
  const other = variant === 'british' ? AMERICAN_WORDS : BRITISH_WORDS;
  for (const match of text.matchAll(WORD)) {
    const lower = match[0].toLowerCase();
    const replacement = other.get(lower);
    if (!replacement || (variant === 'british' && AMBIGUOUS_IN_BRITISH.has(lower))) continue;
    findings.push({
      start: match.index,
      end: match.index + match[0].length,
      rule: variant === 'british' ? 'variant:american-spelling' : 'variant:british-spelling',
      category: 'variant',
      message: `“${match[0]}” is ${variant === 'british' ? 'American' : 'British'} spelling; this order is in ${variant === 'british' ? 'British' : 'American'} English.`,
      suggestions: [matchCase(match[0], replacement)],
    });
  }
  return findings;
}

export function checkAiTells(text: string, variant: EnglishVariant): Finding[] {
  const all = sentences(text);
  return [
    ...phraseFindings(text, STOCK, 'stock-phrase', (p) => `“${p}” is a stock phrase of machine-written text: say it plainly or cut it.`),
    ...phraseFindings(text, PUFF, 'puffery', (p) => `“${p}” is praise without evidence: show it, or cut it.`),
    ...phraseFindings(text, HEDGE, 'hedging', (p) => `“${p}” hedges the claim: commit to it, or cut it.`),
    ...sameOpenings(all),
    ...emDashes(text, all),
    ...otherVariant(text, variant),
  ];
}
