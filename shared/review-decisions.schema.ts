import { z } from 'zod';
import type { Finding } from './language-checks.schema';

// ---------------------------------------------------------------------------------------------
// Decisions that stick (issue 42, item 3; decision 067): a reviewer's ignore, accept and "ignore all of this rule or
// word" on an order's findings and suggested claims, stored per order on the server, so they survive the autosave's
// new check, a reload, another reviewer and another instance. One source for the client and the server: the shapes,
// the limits, and how a finding is matched to a decision.
// ---------------------------------------------------------------------------------------------

export const DECISION_LIMITS = {
  /** Decisions one order keeps: far more than a 40,000-character order has findings worth a decision. */
  perOrder: 2_000,
  rule: 100,
  word: 200,
  /** Characters of a finding's context (the word on each side of it) kept, each side. */
  contextSide: 40,
  /** Words in one reviewer's dictionary. */
  dictionaryWords: 1_000,
  dictionaryWord: 64,
} as const;

export const REVIEW_DECISION_MESSAGES = {
  tooMany: `An order keeps at most ${DECISION_LIMITS.perOrder.toLocaleString('en-GB')} review decisions.`,
  notFound: 'That decision was not found.',
  dictionaryFull: `A dictionary holds at most ${DECISION_LIMITS.dictionaryWords.toLocaleString('en-GB')} words.`,
  badWord: `A dictionary word is one word of letters and digits (an apostrophe, a hyphen or a full stop inside it), at most ${DECISION_LIMITS.dictionaryWord} characters.`,
  spanOrder: 'end must not be before start',
} as const;

const ruleSchema = z.string().trim().min(1, 'rule is required').max(DECISION_LIMITS.rule);
const wordSchema = z.string().min(1, 'word is required').max(DECISION_LIMITS.word);

/**
 * What a reviewer decides:
 * - `finding` + `ignore`/`accept`: this one finding, known by its rule, its words and the text around it;
 * - `rule` + `ignore-all`: every finding of the rule in this order, or only those on `word` (case folded) when given;
 * - `suggestion` + `ignore`/`accept`: a suggested claim, by its span in the original (which never changes).
 */
export const reviewDecisionInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('finding'),
    action: z.enum(['ignore', 'accept']),
    rule: ruleSchema,
    word: wordSchema,
    context: z.string().max(DECISION_LIMITS.contextSide * 2 + 1),
  }),
  z.object({ kind: z.literal('rule'), action: z.literal('ignore-all'), rule: ruleSchema, word: wordSchema.nullable().default(null) }),
  z
    .object({
      kind: z.literal('suggestion'),
      action: z.enum(['ignore', 'accept']),
      start: z.number().int().min(0).max(10_000_000),
      end: z.number().int().min(0).max(10_000_000),
    })
    .refine((s) => s.end >= s.start, { message: REVIEW_DECISION_MESSAGES.spanOrder, path: ['end'] }),
]);
export type ReviewDecisionInput = z.infer<typeof reviewDecisionInputSchema>;

export const reviewDecisionSchema = z.object({
  id: z.string(),
  kind: z.enum(['finding', 'rule', 'suggestion']),
  action: z.enum(['ignore', 'accept', 'ignore-all']),
  rule: z.string().nullable(),
  word: z.string().nullable(),
  context: z.string().nullable(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
  /** The reviewer's display name, or null when their account is gone. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string(),
});
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

export const reviewDecisionListSchema = z.object({ decisions: z.array(reviewDecisionSchema) });
export type ReviewDecisionList = z.infer<typeof reviewDecisionListSchema>;

/** One word of a reviewer's dictionary: letters and digits, with ' ’ - . inside ("O'Neill", "Coca-Cola", "Node.js"). */
export const dictionaryWordSchema = z
  .string({ error: REVIEW_DECISION_MESSAGES.badWord })
  .trim()
  .normalize('NFC')
  .max(DECISION_LIMITS.dictionaryWord, REVIEW_DECISION_MESSAGES.badWord)
  .regex(/^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}'’.-]*[\p{L}\p{N}\p{M}])?$/u, REVIEW_DECISION_MESSAGES.badWord);

export const dictionaryWordInputSchema = z.object({ word: dictionaryWordSchema });
export const dictionarySchema = z.object({ words: z.array(z.string()) });
export type Dictionary = z.infer<typeof dictionarySchema>;

// ---------------------------------------------------------------------------------------------
// Matching: how a finding of a later check is known to be the one decided on.
// ---------------------------------------------------------------------------------------------

/** Case folding for words: "Gartner", "GARTNER" and "gartner" are one word to "ignore all" and the dictionary. */
export function foldWord(word: string): string {
  return word.normalize('NFC').toLocaleLowerCase('en-GB');
}

/** The words a finding covers in the text it was found in. */
export function findingWord(finding: Pick<Finding, 'start' | 'end'>, checked: string): string {
  return checked.slice(finding.start, finding.end).slice(0, DECISION_LIMITS.word);
}

const WORD_BEFORE = /([\p{L}\p{N}'’]+)[^\p{L}\p{N}'’]*$/u;
const WORD_AFTER = /^[^\p{L}\p{N}'’]*([\p{L}\p{N}'’]+)/u;

/**
 * The words on either side of a finding (the nearest word before and after it, within 40 characters, case folded), so
 * an ignored "Gartner" is known again after a save moved it or a fix a few words away changed the sentence, while
 * "Gartner" between other words is a finding of its own.
 */
export function findingContext(finding: Pick<Finding, 'start' | 'end'>, checked: string): string {
  const reach = 40;
  const before = WORD_BEFORE.exec(checked.slice(Math.max(0, finding.start - reach), finding.start))?.[1] ?? '';
  const after = WORD_AFTER.exec(checked.slice(finding.end, finding.end + reach))?.[1] ?? '';
  return `${foldWord(before)}\u2026${foldWord(after)}`.slice(0, DECISION_LIMITS.contextSide * 2 + 1);
}

/** The stored key of a decision: one decision per key and order (a later one replaces it). */
export function decisionKey(input: ReviewDecisionInput): string {
  switch (input.kind) {
    case 'finding':
      return JSON.stringify(['finding', input.rule, input.word, input.context]);
    case 'rule':
      return JSON.stringify(['rule', input.rule, input.word === null ? null : foldWord(input.word)]);
    case 'suggestion':
      return JSON.stringify(['suggestion', input.start, input.end]);
  }
}

/** An order's decisions, indexed for matching many findings. */
export interface DecisionIndex {
  findings: Map<string, 'ignore' | 'accept'>;
  /** The same by one side of the context (see contextSides). */
  findingSides: Set<string>;
  /** `rule` alone (every finding of it), or rule and folded word. */
  ruleWords: Set<string>;
  suggestions: Map<string, 'ignore' | 'accept'>;
}

const ruleWordKey = (rule: string, folded: string | null) => JSON.stringify([rule, folded]);

/**
 * A finding's context by one side: its word before, or its word after. A decision is known again when either side is
 * still there, so editing the word next to an ignored finding does not bring it back; a side at the text's edge (no
 * word) never matches alone.
 */
function contextSides(context: string): string[] {
  const [before = '', after = ''] = context.split('\u2026');
  return [before ? `b:${before}` : null, after ? `a:${after}` : null].filter((side): side is string => side !== null);
}
const sideKey = (rule: string, word: string, side: string) => JSON.stringify([rule, word, side]);

export function indexDecisions(decisions: readonly Pick<ReviewDecision, 'kind' | 'action' | 'rule' | 'word' | 'context' | 'start' | 'end'>[]): DecisionIndex {
  const index: DecisionIndex = { findings: new Map(), findingSides: new Set(), ruleWords: new Set(), suggestions: new Map() };
  for (const d of decisions) {
    if (d.kind === 'finding' && d.rule !== null && d.word !== null && d.context !== null && d.action !== 'ignore-all') {
      index.findings.set(JSON.stringify([d.rule, d.word, d.context]), d.action);
      for (const side of contextSides(d.context)) index.findingSides.add(sideKey(d.rule, d.word, side));
    } else if (d.kind === 'rule' && d.rule !== null) {
      index.ruleWords.add(ruleWordKey(d.rule, d.word === null ? null : foldWord(d.word)));
    } else if (d.kind === 'suggestion' && d.start !== null && d.end !== null && d.action !== 'ignore-all') {
      index.suggestions.set(`${d.start}:${d.end}`, d.action);
    }
  }
  return index;
}

/** The decision input that ignores or accepts this one finding of the checked text. */
export function findingDecision(finding: Finding, checked: string, action: 'ignore' | 'accept'): ReviewDecisionInput {
  return { kind: 'finding', action, rule: finding.rule, word: findingWord(finding, checked), context: findingContext(finding, checked) };
}

/** Whether a reviewer has decided on this finding already: ignored or accepted it, or ignored all of its rule or word. */
export function isFindingDecided(finding: Finding, checked: string, index: DecisionIndex): boolean {
  const word = findingWord(finding, checked);
  if (index.ruleWords.has(ruleWordKey(finding.rule, null)) || index.ruleWords.has(ruleWordKey(finding.rule, foldWord(word)))) return true;
  const context = findingContext(finding, checked);
  if (index.findings.has(JSON.stringify([finding.rule, word, context]))) return true;
  return contextSides(context).some((side) => index.findingSides.has(sideKey(finding.rule, word, side)));
}

export function isSuggestionDecided(suggestion: { start: number; end: number }, index: DecisionIndex): boolean {
  return index.suggestions.has(`${suggestion.start}:${suggestion.end}`);
}
