/**
 * Decision 052: the language checker's worker, supervised. Texts take turns a step at a time; a text harper.js fails
 * on, one over its time limit, or one whose step never ends fails alone with a clear 422, and the texts behind it are
 * checked. Real harper.js in a real worker thread: `raw` hands it a text unmasked and whole, so the 12,000-letter word
 * that panics it really does, and a long text really is one long step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerEntry } from '../../lib/worker-entry';
import { CHECKS_BUSY_MESSAGE, CHECKS_FAILED_MESSAGE, CHECKS_TOO_SLOW_MESSAGE, CheckerThread } from './checker-thread';

/** A text that starts with this gets no time at all: it cannot be checked in a millisecond. */
const NO_TIME = 'A text that may not take a millisecond. ';
const entry = () => workerEntry(import.meta.url, 'language-checker', 'harper-worker.ts');
const rules = (findings: { rule: string }[]) => findings.map((f) => f.rule);
/** A guard against a hang for the tests that start a worker again (seconds of WebAssembly on a busy machine). */
const RESTARTS_TIMEOUT = 180_000;

describe('the supervised checker thread', () => {
  const checker = new CheckerThread({
    entry,
    maxQueued: 4,
    timeLimitMs: (text) => (text.startsWith(NO_TIME) ? 1 : 600_000),
    stepLimitMs: () => 600_000,
  });
  beforeAll(() => checker.whenReady(), RESTARTS_TIMEOUT);
  afterAll(async () => {
    await checker.close();
    expect(checker.isRunning).toBe(false);
  });

  it('answers harper.js findings and the "AI tells" rule pack from the worker', async () => {
    const result = await checker.check('Teh results delve into the color of data.', 'british');
    expect(rules(result.harper)).toContain('harper:Typo');
    // The rule pack ran in the worker: the main thread only merges.
    expect(rules(result.rules)).toEqual(['ai-tells:stock-phrase', 'variant:american-spelling']);
  });

  it('answers a short text sent behind a long one first: texts take turns', async () => {
    const settled: string[] = [];
    const long = checker.check('A long text of many sentences, checked a piece at a time. '.repeat(2_000), 'british').then(() => settled.push('long'));
    const short = checker.check('Teh short one.', 'british').then(() => settled.push('short'));
    await Promise.all([long, short]);
    expect(settled).toEqual(['short', 'long']);
  });

  it('fails a text over its time limit alone, with a 422, and goes on with the others in the same worker', async () => {
    const before = checker.started;
    const slow = checker.check(NO_TIME.repeat(5_000), 'british');
    const behind = checker.check('Teh cat sat.', 'american');
    await expect(slow).rejects.toMatchObject({ statusCode: 422, message: CHECKS_TOO_SLOW_MESSAGE });
    expect(rules((await behind).harper)).toContain('harper:Typo');
    expect(checker.started).toBe(before);
  });

  it('takes 4 texts at once; the next answers 503 with Retry-After', async () => {
    const texts = ['One.', 'Two.', 'Three.', 'Four.'].map((text) => checker.check(text, 'british'));
    await expect(checker.check('Five.', 'british')).rejects.toMatchObject({ statusCode: 503, message: CHECKS_BUSY_MESSAGE, headers: { 'retry-after': '5' } });
    await Promise.all(texts);
  });
});

describe('the supervised checker thread when harper.js fails or hangs', () => {
  const checker = new CheckerThread({
    entry,
    maxQueued: 8,
    timeLimitMs: () => 600_000,
    // One step of this text may not take a millisecond: as if harper.js never came back.
    stepLimitMs: (text) => (text.startsWith(NO_TIME) ? 1 : 600_000),
    workerData: { raw: true },
  });
  beforeAll(() => checker.whenReady(), RESTARTS_TIMEOUT);
  afterAll(async () => {
    await checker.close();
  });

  it('fails a text harper.js panics on alone, with a 422, and checks the texts behind it in a fresh worker', async () => {
    const before = checker.started;
    const panics = `Hello ${'a'.repeat(12_000)} world.`;
    const failing = checker.check(panics, 'british');
    const behindSameDialect = checker.check('This is an problem.', 'british');
    const behindOther = checker.check('This is an problem.', 'american');
    await expect(failing).rejects.toMatchObject({ statusCode: 422, message: CHECKS_FAILED_MESSAGE });
    for (const behind of [await behindSameDialect, await behindOther]) expect(behind.harper.map((f) => f.category)).toContain('grammar');
    expect(checker.started).toBe(before + 1);
    // Asked again (the workspace's next autosave): the same answer at once, the worker left alone.
    await expect(checker.check(panics, 'british')).rejects.toMatchObject({ statusCode: 422, message: CHECKS_FAILED_MESSAGE });
    expect(checker.started).toBe(before + 1);
  }, RESTARTS_TIMEOUT);

  it('stops a worker stuck in a step, fails that text alone with a 422, and checks the others in a fresh worker', async () => {
    await checker.whenReady();
    const before = checker.started;
    const stuck = checker.check(NO_TIME.repeat(5_000), 'british');
    const behind = checker.check('Teh cat sat.', 'american');
    await expect(stuck).rejects.toMatchObject({ statusCode: 422, message: CHECKS_TOO_SLOW_MESSAGE });
    expect(rules((await behind).harper)).toContain('harper:Typo');
    expect(checker.started).toBe(before + 1);
  }, RESTARTS_TIMEOUT);
});
