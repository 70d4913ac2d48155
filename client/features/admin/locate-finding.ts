import type { Finding } from '@shared/language-checks.schema';

/** A finding's key: its rule and where it was found (one card, one mark). */
export const findingKey = (f: Finding) => `${f.rule}:${f.start}:${f.end}`;

/** Where a finding of the checked text sits in the editor's text now, or null when that text has changed there. */
export function locate(finding: Finding, checked: string, current: string, shift: number): number | null {
  const expected = checked.slice(finding.start, finding.end);
  const guess = finding.start + shift;
  if (current.slice(guess, guess + expected.length) === expected) return guess;
  // The reviewer typed since the check: the same words nearest to where they were.
  const from = Math.max(0, guess - 200);
  const window = current.slice(from, guess + expected.length + 200);
  let best: number | null = null;
  for (let i = window.indexOf(expected); i !== -1 && expected !== ''; i = window.indexOf(expected, i + 1)) {
    const at = from + i;
    if (best === null || Math.abs(at - guess) < Math.abs(best - guess)) best = at;
  }
  return best;
}
