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

/**
 * Every finding for a text, sorted by position: Harper's spelling and grammar, then the house rules ("AI tells",
 * the other variant's words). A Harper spelling finding on a word the variant rule flags is dropped.
 */
export async function checkText(text: string, variant: EnglishVariant): Promise<Finding[]> {
  if (text.trim() === '') return [];
  const house = checkAiTells(text, variant);
  const variantWords = house.filter((f) => f.category === 'variant');
  const spellingAndGrammar = (await harper.run({ text, variant })).filter(
    (finding) => !(finding.category === 'spelling' && variantWords.some((v) => overlaps(v, finding))),
  );
  return [...spellingAndGrammar, ...house].sort((a, b) => a.start - b.start || a.end - b.end || a.rule.localeCompare(b.rule));
}

export function closeLanguageChecker(): Promise<void> {
  return harper.close();
}
