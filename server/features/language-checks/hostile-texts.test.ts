/**
 * Decision 052: hostile texts (the abuse issue's findings 1, 5 and 6) and the checker's start with the server. Through
 * the real route on a real database, with harper.js in its real worker thread.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../../shared/language-checks.schema';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { checkAiTells } from './ai-tells';
import { checkText, languageChecker } from './check-text';

const at = (text: string, f: Finding) => text.slice(f.start, f.end);
/** A guard against a hang for what starts the checker's worker (seconds of WebAssembly on a busy machine). */
const WORKER_START_TIMEOUT = 180_000;
const findingsOf = (body: string) => (JSON.parse(body) as { findings: Finding[] }).findings;

describe('hostile texts through GET /api/admin/submissions/:id/checks', () => {
  let t: TestApp;
  let customer: SignedInUser;
  let reviewer: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUp(t.app);
    reviewer = await signUpReviewer(t.app);
    await languageChecker.whenReady();
  }, WORKER_START_TIMEOUT);
  afterAll(async () => {
    await t.close();
  });

  const checks = (id: string, text: 'original' | 'reviewed' = 'original') => t.request('GET', `/api/admin/submissions/${id}/checks?text=${text}`, reviewer);

  it('checks an order with a 12,000-letter word, and every other order in either variant still gets its checks', async () => {
    const word = 'q'.repeat(12_000);
    const content = `Teh first line is fine.\n${word} and then this is an problem.`;
    const hostile = await createPaidOrder(t.app, customer, { content });
    const answer = await checks(hostile);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const findings = findingsOf(answer.body);
    expect(findings.find((f) => at(content, f) === 'Teh')).toMatchObject({ category: 'spelling' });
    expect(findings.find((f) => at(content, f) === 'an')).toMatchObject({ category: 'grammar' });
    const wordStart = content.indexOf(word);
    expect(findings.filter((f) => f.category !== 'ai-tells' && f.start < wordStart + word.length && f.end > wordStart)).toEqual([]);

    for (const englishVariant of ['british', 'american', 'british']) {
      const content = 'This is an problem with teh text.';
      const id = await createPaidOrder(t.app, customer, { content, englishVariant });
      const other = await checks(id);
      expect(other.statusCode, other.body.slice(0, 300)).toBe(200);
      expect(findingsOf(other.body).map((f) => at(content, f))).toEqual(expect.arrayContaining(['an', 'teh']));
    }
    // The workspace asks again on every save: the same answer.
    expect((await checks(hostile)).statusCode).toBe(200);
  });

  it('checks a draft of long runs of dashes, dots and emoji, findings at their UTF-16 offsets', async () => {
    const id = await createPaidOrder(t.app, customer, { content: 'A short order to review.' });
    const runs = ['—'.repeat(3_000), '- '.repeat(20_000), '…'.repeat(20_000), '🙂 '.repeat(20_000), '. '.repeat(20_000), '👍🏽'.repeat(10_000)];
    const reviewedContent = runs.map((run, i) => `Paragraph ${i} has teh word.\n${run}\nThis is an problem ${i}.`).join('\n\n');
    const saved = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent, reviewerNotes: '', complete: false });
    expect(saved.statusCode).toBe(200);
    const answer = await checks(id, 'reviewed');
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const found = findingsOf(answer.body).filter((f) => f.category === 'spelling' || f.category === 'grammar');
    const expected = (word: string) => [...reviewedContent.matchAll(new RegExp(`\\b${word}\\b`, 'g'))].map((m) => m.index);
    expect(found.filter((f) => at(reviewedContent, f) === 'teh').map((f) => f.start)).toEqual(expected('teh'));
    expect(found.filter((f) => at(reviewedContent, f) === 'an').map((f) => f.start)).toEqual(expected('an'));
  });

  it("answers one reviewer's short check before another's long draft sent first: texts take turns", async () => {
    const long = await createPaidOrder(t.app, customer, { content: 'A short order to review.' });
    const paragraphs = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} says what the reviewer found in section ${i}, and why it matters.`);
    const reviewedContent = paragraphs.join(' ').repeat(2);
    expect((await saveReviewAs(t.app, reviewer, long, { attachmentMode: 'text', reviewedContent, reviewerNotes: '', complete: false })).statusCode).toBe(200);
    const short = await createPaidOrder(t.app, customer, { content: 'This is an problem with teh text.' });
    const answered: string[] = [];
    const longCheck = checks(long, 'reviewed').then((answer) => answered.push(`long ${answer.statusCode}`));
    const shortCheck = checks(short).then((answer) => answered.push(`short ${answer.statusCode}`));
    await Promise.all([longCheck, shortCheck]);
    expect(answered).toEqual(['short 200', 'long 200']);
  });

  it('answers the first 2,000 findings of a kind, not one per em dash of a 100,000-dash draft', async () => {
    const id = await createPaidOrder(t.app, customer, { content: 'A short order to review.' });
    const reviewedContent = `Teh start. ${'—'.repeat(100_000)}`;
    expect((await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent, reviewerNotes: '', complete: false })).statusCode).toBe(200);
    const answer = await checks(id, 'reviewed');
    expect(answer.statusCode).toBe(200);
    const dashes = findingsOf(answer.body).filter((f) => f.rule === 'ai-tells:em-dash');
    expect(dashes.map((f) => f.start)).toEqual(Array.from({ length: 2_000 }, (_, i) => 'Teh start. '.length + i));
    expect(findingsOf(answer.body).find((f) => at(reviewedContent, f) === 'Teh')).toMatchObject({ category: 'spelling' });
  });
});

describe('findings of texts with hostile runs', () => {
  // Words, spaces, line breaks and the runs that broke or stalled harper.js: long words (past the 12,000 letters that
  // made it panic), runs of dashes, dots, emoji and punctuation, with and without spaces.
  const piece = fc.oneof(
    fc.constantFrom('the cat', 'is an problem', 'colour', ' ', '\n', '\n\n', '🙂', '“Quoted.”', 'e.g.'),
    fc.tuple(fc.constantFrom('q', 'ö', '🙂'), fc.integer({ min: 1, max: 14_000 })).map(([unit, n]) => unit.repeat(n)),
    fc.tuple(fc.constantFrom('—', '-', '.', '…', '🙂', '- ', '🙂 ', '! ', '*'), fc.integer({ min: 1, max: 3_000 })).map(([unit, n]) => unit.repeat(n)),
  );
  const text = fc.array(piece, { minLength: 1, maxLength: 12 }).map((parts) => `${parts.join(' ')}\n\nTeh end.`);

  it('has every finding inside the text, and the last line\'s misspelling at its offset', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (text) => {
        const findings = await checkText(text, 'british');
        for (const f of findings) {
          expect(f.start).toBeGreaterThanOrEqual(0);
          expect(f.end).toBeLessThanOrEqual(text.length);
        }
        const teh = text.length - 'Teh end.'.length;
        expect(findings.find((f) => f.start === teh)).toMatchObject({ end: teh + 3, category: 'spelling' });
      }),
      { numRuns: 10 },
    );
  });
});

describe('the "AI tells" em dash rule on hostile input', () => {
  /** The rule as it was first written (decision 034): every sentence's dashes found by filtering all of them. */
  function emDashesAsBefore(text: string): number[] {
    const words = text.match(/[\p{L}’']+/gu)?.length ?? 0;
    const positions = [...text.matchAll(/\u2014/g)].map((m) => m.index);
    if (positions.length === 0) return [];
    const flagged = new Set<number>();
    if (positions.length > Math.max(1, words / 100)) positions.forEach((p) => flagged.add(p));
    for (const match of text.matchAll(/[^.!?\n]+[.!?]*/g)) {
      const start = match.index + match[0].length - match[0].trimStart().length;
      const end = start + match[0].trim().length;
      const inside = positions.filter((p) => p >= start && p < end);
      if (inside.length >= 2) inside.forEach((p) => flagged.add(p));
    }
    return [...flagged].sort((a, b) => a - b);
  }

  it('flags the same dashes as before', () => {
    const part = fc.constantFrom('—', '——', ' — ', 'word', ' ', '. ', '!', '?', '\n', 'The ', '…', '🙂');
    const texts = fc.array(part, { maxLength: 400 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(texts, (text) => {
        expect(checkAiTells(text, 'british').filter((f) => f.rule === 'ai-tells:em-dash').map((f) => f.start)).toEqual(emDashesAsBefore(text));
      }),
      { numRuns: 300 },
    );
    for (const hostile of ['—'.repeat(20_000), 'a — b — c. '.repeat(2_000), `${'word — '.repeat(5_000)}.`]) {
      expect(checkAiTells(hostile, 'british').filter((f) => f.rule === 'ai-tells:em-dash').map((f) => f.start)).toEqual(emDashesAsBefore(hostile));
    }
  });
});

describe('the checker starts with the server', () => {
  it('is started as the app is ready, without a check and without holding /healthz, and stopped when it closes', async () => {
    await languageChecker.close();
    const t = await createTestApp({ NODE_ENV: 'development' });
    try {
      expect(languageChecker.isRunning).toBe(true);
      // The app is ready and answers /healthz while the worker still warms up (its linters, a long text each).
      expect((await t.request('GET', '/healthz')).statusCode).toBe(200);
      expect(languageChecker.isReady).toBe(false);
      await languageChecker.whenReady();
      expect(languageChecker.isReady).toBe(true);
    } finally {
      await t.close();
    }
    expect(languageChecker.isRunning).toBe(false);
  }, WORKER_START_TIMEOUT);
});
