import winkNLP, { type ItemSentence, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { CLAIM_KINDS, type ClaimKind, type ClaimSuggestion } from '../../../shared/claim-suggestions.schema';

export type { ClaimKind, ClaimSuggestion };

/**
 * The sentences of a text worth fact-checking: wink-nlp splits sentences and tags parts of speech and entities
 * (dates, numbers, money, percentages, URLs); patterns on top find superlatives, attributed quotes and citations.
 * Questions, instructions, opinions, personal anecdotes and filler are left out. Measured on labelled-sentences.json.
 */

const KIND_ORDER: readonly ClaimKind[] = CLAIM_KINDS;
const WEIGHTS: Record<ClaimKind, number> = { number: 0.45, date: 0.4, quote: 0.4, citation: 0.4, superlative: 0.3, entity: 0.2 };
const WEAK_KINDS: ReadonlySet<ClaimKind> = new Set(['entity', 'superlative']);

interface Entity {
  type: string;
  value: string;
}

interface Sentence {
  start: number;
  end: number;
  /** The sentence as analysed: very long unbroken runs are blanked (see LONG_RUN). */
  analysed: string;
  words: string[];
  pos: string[];
  entities: Entity[];
}

let nlp: WinkMethods | null = null;
function reader(): WinkMethods {
  nlp ??= winkNLP(model, ['sbd', 'pos', 'ner']);
  return nlp;
}

// ---------------------------------------------------------------------------------------------
// Patterns
// ---------------------------------------------------------------------------------------------

const YEAR = '(?:1[0-9]{3}|20[0-9]{2})';
const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)';
const DATE_SOURCE = [
  `\\b${YEAR}s?\\b`,
  `\\b\\d{1,2}(?:st|nd|rd|th)? ${MONTH}\\b`,
  `\\b${MONTH} \\d{1,2}(?:st|nd|rd|th)?\\b`,
  `\\b(?:in|since|by|until|from|of|last|this|next|early|late|mid-) ?${MONTH}\\b`,
  `\\b\\d{1,2}(?:st|nd|rd|th) century\\b`,
].join('|');
const DATE = new RegExp(DATE_SOURCE);
const DATES = new RegExp(DATE_SOURCE, 'g');

/** References inside the document ("Table 2", "Step 3") are numbers nobody checks. */
const INTERNAL_REFERENCE =
  /\b(?:Table|Figure|Fig\.|Chapter|Section|Step|Part|Appendix|Page|No\.)\s*\d+\b|^number (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/gi;
const NUMBER_WORD =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|million|billion|trillion|half|third|quarter|dozen|doubled?|tripled?|twice|one in)\b|\d/i;

const MEASURABLE_SUPERLATIVE =
  /\b(?:largest|biggest|smallest|tallest|highest|lowest|longest|shortest|oldest|youngest|fastest|slowest|deepest|busiest|wettest|hottest|coldest|warmest|driest|richest|poorest|heaviest|strongest|weakest|sharpest|steepest|earliest)\b/i;
const MOST =
  /\b(?:most|least) (?:popular|visited|common|populous|expensive|valuable|widely|successful|decorated|spoken|traded|streamed|watched|downloaded|cited|used|famous|densely|profitable|dangerous|polluted)\b/i;
const FIRST = /\b(?:the|its|their|his|her|world's|\w+'s) (?:first|only)\b(?! (?:step|thing|stage|part|section|chapter|tip|time you))|\bfirst (?:to|ever|released|met|published|appeared|described|launched|opened|recorded)\b/i;
const RECORD =
  /\b(?:a record|on record|world record|all-time|best-selling|fastest-growing|largest-ever|record[- ](?:high|low|breaking|numbers?|levels?|year|sales|profits?))\b|\bthan any (?:other )?\w+|\bleading cause\b/i;

const QUOTED = /["“][^"”]{3,}["”]|(?:^|[\s(])['‘][^'’]{3,}['’](?=[\s,.;:!?)]|$)/;
const ATTRIBUTION =
  /\b(?:said|says|told|tells|wrote|writes|added|explained|claimed|stated|argued|insisted|announced|recalled|warned|admitted|declared|tweeted|according to)\b/i;

const CITATION_PATTERNS: readonly RegExp[] = [
  /https?:\/\/|\bwww\.\w|\bdoi:|\b10\.\d{4,9}\/\S/i,
  /\baccording to\b|\bet al\b|\bstudies (?:show|suggest|have shown)\b/i,
  new RegExp(`\\([A-Z][^()]{0,120}?,? ${YEAR}[a-z]?(?:[;,][^()]{0,120})?\\)`),
  /\b(?:study|survey|report|paper|researchers?|research|trial|analysis|review|poll|census|figures|data) (?:in|by|from|found|finds|shows?|showed|published|reported|suggests?|estimates?)\b/i,
  /\bpublished (?:in|at|by)\b|\b(?:named|ranked|rated) [^.]{0,60}\bby (?:the )?[A-Z]/,
  /\b(?!(?:Nothing|Everyone|Everybody|Nobody|Someone|Something|It|This|That|He|She|They|Experience|History)\s)[A-Z][\p{L}.?!&-]*\s(?:reports|reported|said|says|found|estimates|estimated)\b|\btold (?:the )?[A-Z]/u,
];

/** First-person feelings and views ("I think", "we loved", "in my opinion"). */
const OPINION =
  /\b(?:I|we|I'm|I've)\b[^.!?]{0,40}\b(?:think|believe|feel|love|loved|enjoyed|hope|wish|guess|reckon|suspect|prefer|hated|adored)\b|\bin my (?:opinion|view)\b|\bhonestly\b|\bpersonally\b/i;
/** Sentences about the writing or the reader rather than the world. */
const NOT_ABOUT_THE_WORLD =
  /^(?:here are|this (?:essay|article|post|guide|section|chapter|report|paper) (?:will|explores|looks)|read on|in conclusion|let's|let us|let me|dear\b|thank you|thanks\b|imagine\b|if you\b|whether you\b|what if\b|(?:I|my|I'm|I've|I'd)\b|\d+ (?:\w+ ){0,2}(?:ways|tips|reasons|things|ideas|signs|steps|mistakes|habits|hacks|secrets|tricks)\b)/i;
/**
 * Words that make a sentence with only an entity or a superlative an opinion or filler ("Paris is lovely").
 * Case-sensitive, so that a name ("the Great Wall") is no opinion.
 */
const SUBJECTIVE =
  /\b(?:beautiful|lovely|amazing|wonderful|stunning|friendly|helpful|delicious|perfect|great|awesome|incredible|fantastic|charming|gorgeous|essential|crucial|vital|powerful|seamless|innovative|exciting|fun|landscape|the power of|game-changer|in today's|more than ever|should|must|need to|want to)\b|!$/;
const IMPERATIVE_AUX = new Set(['be', 'have', 'do', "don't", 'let']);
const LONG_RUN = /\S{300,}/g;
/** Longer than this, a "sentence" is a run-on paste without full stops, no single claim a reviewer could check. */
const MAX_SENTENCE = 2_000;
const ABBREVIATION_END = /\b(?:et al|e\.g|i\.e|cf|vs|approx)\.$/i;

// ---------------------------------------------------------------------------------------------
// Kinds
// ---------------------------------------------------------------------------------------------

function hasDate(s: Sentence): boolean {
  return DATE.test(s.analysed) || s.entities.some((e) => e.type === 'DATE' && /\d/.test(e.value));
}

function hasNumber(s: Sentence): boolean {
  // A year is a date, and "Table 2" points inside the text: neither is a number to check.
  const rest = s.analysed.replace(DATES, ' ').replace(INTERNAL_REFERENCE, ' ');
  return NUMBER_WORD.test(rest);
}

function hasSuperlative(s: Sentence): boolean {
  return MEASURABLE_SUPERLATIVE.test(s.analysed) || MOST.test(s.analysed) || FIRST.test(s.analysed) || RECORD.test(s.analysed);
}

function hasQuote(s: Sentence): boolean {
  return QUOTED.test(s.analysed) && ATTRIBUTION.test(s.analysed);
}

function hasCitation(s: Sentence): boolean {
  return s.entities.some((e) => e.type === 'URL') || CITATION_PATTERNS.some((pattern) => pattern.test(s.analysed));
}

/**
 * A named person, organisation or place with a verb. The model tags any capitalised first word as a proper noun
 * ("Travel broadens the mind"), so the first word counts only as the start of a longer name ("Alexander Fleming").
 */
function hasEntity(s: Sentence): boolean {
  const first = s.pos.findIndex((tag) => tag !== 'PUNCT' && tag !== 'SPACE' && tag !== 'SYM' && tag !== 'X');
  const named = s.pos.some(
    (tag, i) => tag === 'PROPN' && /^\p{Lu}/u.test(s.words[i] ?? '') && (i > first || s.pos[i + 1] === 'PROPN') && !isCalendarWord(s, i),
  );
  return named && s.pos.some((tag) => tag === 'VERB' || tag === 'AUX');
}

function isCalendarWord(s: Sentence, i: number): boolean {
  return s.entities.some((e) => e.type === 'DATE' && e.value.includes(s.words[i] ?? '\u0000'));
}

function kindsOf(s: Sentence): ClaimKind[] {
  const found: Record<ClaimKind, boolean> = {
    number: hasNumber(s),
    date: hasDate(s),
    entity: hasEntity(s),
    superlative: hasSuperlative(s),
    quote: hasQuote(s),
    citation: hasCitation(s),
  };
  return KIND_ORDER.filter((kind) => found[kind]);
}

// ---------------------------------------------------------------------------------------------
// Sentences that are not claims
// ---------------------------------------------------------------------------------------------

/**
 * "Bake for 25 minutes", "Be kind", "Step 3: let it cool": a verb in its base form first, after a short label if
 * any. A participle ("Founded in 1998") is no order.
 */
function isImperative(s: Sentence): boolean {
  const colon = s.words.slice(0, 4).indexOf(':');
  const first = s.words.findIndex((w, i) => i > colon && /\p{L}/u.test(w));
  if (first < 0) return false;
  const word = (s.words[first] ?? '').toLowerCase();
  if (s.pos[first] === 'AUX') return IMPERATIVE_AUX.has(word);
  return s.pos[first] === 'VERB' && !/(?:ed|en|ing)$/.test(word) && word !== 'according';
}

function isQuestion(s: Sentence): boolean {
  // "Did you know that octopuses have three hearts?" asserts what it asks.
  return /\?\s*["”’']?$/.test(s.analysed) && !/^did you know\b/i.test(s.analysed);
}

function isClaimShaped(s: Sentence, kinds: ClaimKind[]): boolean {
  if (kinds.includes('citation') && /https?:\/\/|\bdoi:|\b10\.\d{4,9}\//i.test(s.analysed)) return true;
  if (isQuestion(s) || isImperative(s) || OPINION.test(s.analysed) || NOT_ABOUT_THE_WORLD.test(s.analysed)) return false;
  const weakOnly = kinds.every((kind) => WEAK_KINDS.has(kind));
  return !(weakOnly && (SUBJECTIVE.test(s.analysed) || /^you\b/i.test(s.analysed)));
}

function score(kinds: ClaimKind[]): number {
  const total = kinds.reduce((sum, kind) => sum + WEIGHTS[kind], 0);
  return Math.round(Math.min(1, total) * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// Sentence splitting
// ---------------------------------------------------------------------------------------------

function sentencesOf(masked: string): Sentence[] {
  const pieces = piecesOf(masked);
  const sentences: Sentence[] = [];
  let group: Sentence[] = [];
  for (const piece of pieces) {
    group.push(piece);
    // wink ends a sentence at "et al." and "e.g.": the pieces up to the next true end are one sentence.
    if (ABBREVIATION_END.test(piece.analysed)) continue;
    sentences.push(join(masked, group));
    group = [];
  }
  if (group.length > 0) sentences.push(join(masked, group));
  return sentences.filter((s) => s.analysed.length <= MAX_SENTENCE);
}

function piecesOf(masked: string): Sentence[] {
  const nlpInstance = reader();
  const its = nlpInstance.its;
  const pieces: Sentence[] = [];
  let cursor = 0;
  nlpInstance.readDoc(masked).sentences().each((item: ItemSentence) => {
    const trimmed = item.out().trim();
    if (trimmed === '') return;
    const start = masked.indexOf(trimmed, cursor);
    if (start < 0) return; // wink changed the text (never seen): the sentence could not be quoted exactly
    cursor = start + trimmed.length;
    pieces.push({
      start,
      end: cursor,
      analysed: trimmed,
      words: item.tokens().out(),
      pos: item.tokens().out(its.pos),
      entities: item.entities().out(its.detail) as unknown as Entity[],
    });
  });
  return pieces;
}

function join(masked: string, group: Sentence[]): Sentence {
  const first = group[0]!;
  if (group.length === 1) return first;
  const last = group.at(-1)!;
  return {
    start: first.start,
    end: last.end,
    analysed: masked.slice(first.start, last.end),
    words: group.flatMap((s) => s.words),
    pos: group.flatMap((s) => s.pos),
    entities: group.flatMap((s) => s.entities),
  };
}

/**
 * One suggestion per sentence worth checking, in order of position. Never throws: an empty or wordless text has
 * none.
 */
export function suggestClaims(text: string): ClaimSuggestion[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  // wink-nlp slows down badly on a very long token (40,000 characters without a space took seconds); such a run is
  // no sentence, so it is blanked to spaces of the same length and every offset stays true.
  const masked = text.replace(LONG_RUN, (run) => ' '.repeat(run.length));
  let sentences: Sentence[];
  try {
    sentences = sentencesOf(masked);
  } catch {
    return []; // a suggestion is a help, never a reason to fail the caller
  }
  const found: ClaimSuggestion[] = [];
  for (const s of sentences) {
    const kinds = kindsOf(s);
    if (kinds.length === 0 || !isClaimShaped(s, kinds)) continue;
    found.push({ start: s.start, end: s.end, text: text.slice(s.start, s.end), kinds, score: score(kinds) });
  }
  return found;
}
