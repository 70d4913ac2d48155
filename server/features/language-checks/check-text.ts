import type { EnglishVariant } from '../../../shared/categories';
import type { Finding } from '../../../shared/language-checks.schema';
import { workerEntry } from '../../lib/worker-entry';
import { CheckerThread } from './checker-thread';

export { CHECKS_BUSY_MESSAGE, CHECKS_FAILED_MESSAGE, CHECKS_TOO_SLOW_MESSAGE } from './checker-thread';

/**
 * A text's own time in the worker (its steps, not its wait for other texts' turns): 10 s, and 0.25 ms more per
 * character (20 s for a 40,000-character order, 110 s for a 400,000-character draft): new English takes about 0.03 ms
 * a character, several times that on a busy machine (npm run bench:language-checks).
 */
export function textTimeLimitMs(text: string): number {
  return 10_000 + Math.ceil(text.length * 0.25);
}

/** One step (the rules, the masking, one piece of 2,000 characters) takes well under a second: this long, it is stuck. */
export const STEP_LIMIT_MS = 20_000;

/**
 * harper.js and the "AI tells" rule pack in their own thread (decisions 034 and 052): 8 texts at once at most, then
 * 503 with Retry-After; each text within its time limit.
 */
export const languageChecker = new CheckerThread({
  entry: () => workerEntry(import.meta.url, 'language-checker', 'harper-worker.ts'),
  maxQueued: 8,
  timeLimitMs: textTimeLimitMs,
  stepLimitMs: () => STEP_LIMIT_MS,
});

/** Two findings on the same words: the house rule's (clearer, and it names the variant) wins over Harper's. */
function overlaps(a: Finding, b: Finding): boolean {
  return a.start < b.end && b.start < a.end;
}

/** What the checks need of a house style (server/features/style-guide's compiled matcher, decision 046). */
export interface HouseStyleCheck {
  find(text: string): Finding[];
  isHouseForm(text: string): boolean;
}

/** Word-level findings a house style finding on the same words replaces: the team's own rule says it best. */
const YIELDS_TO_HOUSE_STYLE = new Set<Finding['category']>(['spelling', 'variant', 'ai-tells']);

/** Whether a finding overlaps one of `spans` (sorted by start, not overlapping each other): a binary search. */
function overlapsAny(spans: readonly Finding[], finding: Finding): boolean {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (spans[mid]!.end <= finding.start) low = mid + 1;
    else high = mid;
  }
  return low < spans.length && overlaps(spans[low]!, finding);
}

/**
 * Every finding for a text, sorted by position: Harper's spelling and grammar, then the house rules ("AI tells",
 * the other variant's words) and the order's house style, if any. A Harper spelling finding on a word the variant
 * rule flags is dropped; so is one on a form the house style asks for ("HumanProof"), and any spelling, variant or AI
 * tell finding on words a house style finding covers.
 */
export async function checkText(text: string, variant: EnglishVariant, houseStyle: HouseStyleCheck | null = null): Promise<Finding[]> {
  if (text.trim() === '') return [];
  const houseFindings = houseStyle ? houseStyle.find(text) : [];
  // The matcher's findings are in text order and never overlap each other.
  const yields = (finding: Finding) => YIELDS_TO_HOUSE_STYLE.has(finding.category) && overlapsAny(houseFindings, finding);
  const checked = await languageChecker.check(text, variant);
  const house = checked.rules.filter((finding) => !yields(finding));
  const variantWords = house.filter((f) => f.category === 'variant');
  const spellingAndGrammar = checked.harper.filter(
    (finding) =>
      !(finding.category === 'spelling' && variantWords.some((v) => overlaps(v, finding))) &&
      !(finding.category === 'spelling' && houseStyle?.isHouseForm(text.slice(finding.start, finding.end))) &&
      !yields(finding),
  );
  return [...spellingAndGrammar, ...house, ...houseFindings].sort((a, b) => a.start - b.start || a.end - b.end || a.rule.localeCompare(b.rule));
}

/** Starts the checker's worker now (the server's start): no reviewer's check waits for its WebAssembly and linters. */
export function warmLanguageChecker(): void {
  languageChecker.warm();
}

export function closeLanguageChecker(): Promise<void> {
  return languageChecker.close();
}
