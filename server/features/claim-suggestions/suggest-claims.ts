import winkNLP, { type ItemSentence, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { CLAIM_KINDS, type ClaimKind, type ClaimSuggestion } from '../../../shared/claim-suggestions.schema';

/**
 * The sentences of a text worth fact-checking (issue 23, decision 035): wink-nlp splits sentences and tags parts
 * of speech and entities (dates, numbers, money, percentages, URLs); a few patterns on top find superlatives,
 * attributed quotes and citations. Each sentence gets the kinds it has and a score; opinions, questions,
 * instructions and self-referring filler are left out. Measured on a labelled set (labelled-sentences.json).
 */

let nlp: WinkMethods | null = null;
function reader(): WinkMethods {
  nlp ??= winkNLP(model);
  return nlp;
}

const WEIGHTS: Record<ClaimKind, number> = { number: 0.4, date: 0.35, quote: 0.35, citation: 0.35, superlative: 0.25, entity: 0.2 };

const NUMBER_ENTITIES = new Set(['CARDINAL', 'MONEY', 'PERCENT', 'MEASURE']);
const NUMBER_WORDS =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|billion|trillion|half|third|quarter|dozen|doubled?|tripled?|twice)\b|\b(?:one|nine) (?:in|out of) (?:\w+)\b|\d/i;
const MONTHS = '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)';
const WEEKDAYS = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const DATE_PATTERN = new RegExp(
  `\\b(?:1[0-9]{3}|20[0-9]{2})s?\\b|\\b\\d{1,2}(?:st|nd|rd|th)? ${MONTHS}\\b|\\b${MONTHS} \\d{1,4}\\b|\\b(?:in|since|by|until|on|from|last|this|next) ${MONTHS}\\b|\\bon ${WEEKDAYS}\\b|\\b\\d{1,2}(?:st|nd|rd|th) century\\b`,
);
const SUPERLATIVE =
  /\b(?:first|only|largest|biggest|smallest|tallest|highest|lowest|longest|shortest|oldest|youngest|fastest|slowest|deepest|busiest|wettest|hottest|coldest|warmest|driest|strongest|sharpest|richest|poorest|leading|most popular|most visited|record|best-selling|fastest-growing|longer than any|more than any|outperform\w*|higher|strongest)\b|\bthe (?:best|worst|most|least)\b/i;
const LINK = /https?:\/\/|\bwww\.|\bdoi:|\b10\.\d{4,9}\//;
const QUOTED = /["“][^"”]{3,}["”]/;
const ATTRIBUTION = /\b(?:said|says|told|tells|wrote|writes|added|explained|claimed|stated|argued|insisted|according to)\b/i;
const CITATION =
  /https?:\/\/|\bwww\.|\bdoi:|\b10\.\d{4,9}\/|\b[Aa]ccording to\b|\bet al\b|\([A-Z][\p{L}-]+(?: et al\.?)?,? (?:1[0-9]{3}|20[0-9]{2})\)|\b(?:study|survey|report|paper|researchers?|data|census|analysis|review) (?:in|by|from|found|finds|shows?|showed|published|reported|suggests?)\b|\b(?:reports?|reported|found|named)\b.*\b(?:by|in) (?:the )?[A-Z]|\b[Ss]tudies show\b|\b[A-Z][\w.]+ (?:reports|said|says|found)\b|\bpublished (?:in|at|by)\b|\bsurvey found\b/u;
/** Opinions and feelings in the first person ("I think", "we believe", "in my opinion"). */
const OPINION = /\b(?:I|we|I'm|I've)\b\s+(?:\w+\s+)?(?:think|believe|feel|love|hope|wish|guess|reckon|suspect|watched|prefer)\b|\bin my (?:opinion|view)\b|\bhonestly\b/i;
/** Writing about the writing: "Here are five reasons", "This essay will explore three themes". */
const SELF_REFERENCE = /^(?:here are|this (?:essay|article|post|guide|section|chapter) will|number \w+ will|read on|in conclusion|let's|let us)\b/i;

function kindsOf(sentence: string, entities: { type: string; value: string }[], pos: string[], words: string[]): Set<ClaimKind> {
  const kinds = new Set<ClaimKind>();
  const types = new Set(entities.map((e) => e.type));
  const dated = DATE_PATTERN.test(sentence) || entities.some((e) => e.type === 'DATE' && /\d/.test(e.value));
  if (dated) kinds.add('date');
  // A number that is only a date's year is not a second kind.
  const withoutDates = sentence.replace(new RegExp(DATE_PATTERN.source, 'g'), ' ');
  if ([...types].some((t) => NUMBER_ENTITIES.has(t)) ? NUMBER_WORDS.test(withoutDates) : NUMBER_WORDS.test(withoutDates)) kinds.add('number');
  if (SUPERLATIVE.test(sentence)) kinds.add('superlative');
  if (QUOTED.test(sentence) && ATTRIBUTION.test(sentence)) kinds.add('quote');
  if (types.has('URL') || CITATION.test(sentence)) kinds.add('citation');
  // A named person, organisation or place with something said about it: a proper noun and a verb.
  // The first word is capitalised anyway ("Travel broadens the mind" tags Travel as a proper noun): it counts only
  // as part of a longer name ("Alexander Fleming discovered ...").
  const properNoun = pos.some((tag, i) => tag === 'PROPN' && (i > 0 || pos[1] === 'PROPN') && /^\p{Lu}/u.test(words[i] ?? ''));
  const verb = pos.some((tag) => tag === 'VERB' || tag === 'AUX');
  if (properNoun && verb) kinds.add('entity');
  return kinds;
}

/** Instructions (an imperative verb first), questions, opinions and self-reference are not claims. */
function isClaimShaped(sentence: string, pos: string[], words: string[]): boolean {
  if (/\?\s*["”]?$/.test(sentence)) return false;
  // A link or a DOI is checked whatever the sentence around it ("See https://...").
  if (LINK.test(sentence)) return true;
  if (OPINION.test(sentence) || SELF_REFERENCE.test(sentence.trim())) return false;
  const first = words.findIndex((w) => /\p{L}/u.test(w));
  if (first >= 0 && pos[first] === 'VERB' && !/^(?:According|Founded|Rated|Join)$/i.test(words[first] ?? '')) {
    // "Book early", "Try this", "Choose a colour": an imperative, unless it is followed by a subject ("Studies show").
    return false;
  }
  return true;
}

const LONG_RUN = /\S{300,}/g;

function score(kinds: Set<ClaimKind>): number {
  const total = [...kinds].reduce((sum, kind) => sum + WEIGHTS[kind], 0);
  return Math.round(Math.min(1, total) * 100) / 100;
}

/**
 * One suggestion per sentence worth checking, in order: its UTF-16 span in `text` (text.slice(start, end) is the
 * sentence), its kinds and a score in (0, 1]. Never throws; an empty or wordless text has none.
 */
export function suggestClaims(text: string): ClaimSuggestion[] {
  if (text.trim() === '') return [];
  const nlp = reader();
  const its = nlp.its;
  // wink-nlp is quadratic in a token's length (40,000 characters without a space took 3 s): a run that long is no
  // sentence anyway, so it is blanked to spaces of the same length and every offset stays true.
  const masked = text.replace(LONG_RUN, (run) => ' '.repeat(run.length));
  const doc = nlp.readDoc(masked);
  const found: ClaimSuggestion[] = [];
  let cursor = 0;
  doc.sentences().each((s: ItemSentence) => {
    const sentence = s.out().trim();
    if (sentence === '') return;
    const start = masked.indexOf(sentence, cursor);
    if (start < 0) return; // wink normalised something (rare): the sentence cannot be quoted exactly, so skip it
    cursor = start + sentence.length;
    const words = s.tokens().out() as string[];
    const pos = s.tokens().out(its.pos) as string[];
    const entities = s.entities().out(its.detail) as unknown as { type: string; value: string }[];
    if (!isClaimShaped(sentence, pos, words)) return;
    const kinds = kindsOf(sentence, entities, pos, words);
    if (kinds.size === 0) return;
    found.push({ start, end: start + sentence.length, text: sentence, kinds: CLAIM_KINDS.filter((k) => kinds.has(k)), score: score(kinds) });
  });
  return found;
}
