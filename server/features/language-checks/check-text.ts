import type { EnglishVariant } from '../../../shared/categories';
import type { Finding } from '../../../shared/language-checks.schema';
import { HttpError } from '../../lib/http-error';
import { workerEntry } from '../../lib/worker-entry';
import { WorkerThread } from '../../lib/worker-thread';
import { checkAiTells } from './ai-tells';
import type { LintRequest } from './harper-worker';

export const CHECKS_BUSY_MESSAGE = 'The language checker is busy. Please try again in a few seconds.';

/** harper.js in its own thread (decision 034): a queue of 8 texts at most, then 503 with Retry-After. */
const harper = new WorkerThread<LintRequest, Finding[]>(() => workerEntry(import.meta.url, 'harper-worker', 'harper-worker.ts'), {
  name: 'harper',
  maxQueued: 8,
  busy: () => new HttpError(503, CHECKS_BUSY_MESSAGE, { 'retry-after': '5' }),
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
  const house = checkAiTells(text, variant).filter((finding) => !yields(finding));
  const variantWords = house.filter((f) => f.category === 'variant');
  const spellingAndGrammar = (await harper.run({ text, variant })).filter(
    (finding) =>
      !(finding.category === 'spelling' && variantWords.some((v) => overlaps(v, finding))) &&
      !(finding.category === 'spelling' && houseStyle?.isHouseForm(text.slice(finding.start, finding.end))) &&
      !yields(finding),
  );
  return [...spellingAndGrammar, ...house, ...houseFindings].sort((a, b) => a.start - b.start || a.end - b.end || a.rule.localeCompare(b.rule));
}

export function closeLanguageChecker(): Promise<void> {
  return harper.close();
}
