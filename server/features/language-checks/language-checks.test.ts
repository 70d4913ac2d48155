/** Issue 23, item 3: language checks in the order's English variant (harper.js and the "AI tells" rule pack). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../../shared/language-checks.schema';
import { countWords } from '../../../shared/word-count';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { checkAiTells } from './ai-tells';
import { checkText } from './check-text';

const rules = (findings: Finding[]) => findings.map((f) => f.rule);
const at = (text: string, f: Finding) => text.slice(f.start, f.end);

describe('the "AI tells" rule pack', () => {
  it('finds the stock phrases, with the phrase as written and a plain replacement', () => {
    const text =
      "In today's fast-paced world, teams delve into data. It's important to note that the tool is a testament to craft. " +
      'We navigate the complexities of a rich tapestry of markets in an ever-evolving landscape to unlock the potential of people.';
    const found = checkAiTells(text, 'british').filter((f) => f.rule === 'ai-tells:stock-phrase');
    expect(found.map((f) => at(text, f).toLowerCase())).toEqual([
      "in today's fast-paced world",
      'delve into',
      "it's important to note that",
      'a testament to',
      'navigate the complexities of',
      'rich tapestry',
      'ever-evolving landscape',
      'unlock the potential of',
    ]);
    const delve = found.find((f) => at(text, f) === 'delve into')!;
    expect(delve.suggestions[0]).toBe('look at');
    const important = found.find((f) => at(text, f).startsWith("It's"))!;
    expect(important.suggestions).toEqual(['']); // cut it
    // Whole words only: "delved into" and "redelve into" are not the phrase.
    expect(checkAiTells('They redelve intoxicating ideas.', 'british')).toEqual([]);
  });

  it('finds puffery and hedging', () => {
    const text = 'Our groundbreaking, world-class app is arguably the best, and it could potentially help.';
    expect(rules(checkAiTells(text, 'british'))).toEqual(['ai-tells:puffery', 'ai-tells:puffery', 'ai-tells:hedging', 'ai-tells:hedging']);
  });

  it('flags a run of three or more sentences that open the same way, from the third on', () => {
    const text = 'The plan is simple. The team is small. The budget is tight. The launch is soon. A new day starts.';
    const found = checkAiTells(text, 'british').filter((f) => f.rule === 'ai-tells:same-opening');
    expect(found).toHaveLength(2);
    expect(found.map((f) => at(text, f))).toEqual(['The', 'The']);
    expect(found[0]!.message).toContain('4 sentences in a row open with “the”');
    expect(checkAiTells('The plan is simple. The team is small. A budget is tight.', 'british')).toEqual([]);
  });

  it('flags em-dash overuse, and two in one sentence', () => {
    const overused = 'Speed \u2014 and care \u2014 matter. Words \u2014 many words \u2014 follow.';
    expect(checkAiTells(overused, 'british').filter((f) => f.rule === 'ai-tells:em-dash')).toHaveLength(4);
    const ordinary = `${'A plain sentence of words. '.repeat(30)}One aside \u2014 here.`;
    expect(checkAiTells(ordinary, 'british').filter((f) => f.rule === 'ai-tells:em-dash')).toHaveLength(0);
  });

  it('flags the other variant’s spellings: "color" in a British order, "colour" in an American one', () => {
    const british = checkAiTells('The color of the Center is gray.', 'british');
    expect(british.map((f) => [f.rule, f.suggestions[0]])).toEqual([
      ['variant:american-spelling', 'colour'],
      ['variant:american-spelling', 'Centre'],
    ]);
    const american = checkAiTells('The colour of the centre.', 'american');
    expect(american.map((f) => f.suggestions[0])).toEqual(['color', 'center']);
  });

  it('leaves ordinary articles almost untouched, and counts in linear time on hostile input', () => {
    const dir = path.join(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures', 'word-count');
    for (const file of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const found = checkAiTells(text, 'british').filter((f) => f.category === 'ai-tells');
      expect(found.length, file).toBeLessThanOrEqual(Math.ceil(countWords(text) / 100));
    }
    for (const hostile of ['', '\u0000', '—'.repeat(40_000), 'delve '.repeat(8_000), 'a'.repeat(40_000), '. '.repeat(20_000)]) {
      expect(Array.isArray(checkAiTells(hostile, 'british'))).toBe(true);
    }
  });
});

describe('GET /api/admin/submissions/:id/checks', () => {
  let t: TestApp;
  let customer: SignedInUser;
  let reviewer: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUp(t.app);
    reviewer = await signUpReviewer(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers spelling, grammar and AI tells of the original or the saved draft, in UTF-16 offsets', async () => {
    const content = '🙂 The results of teh test delve into the color of data. This is an problem.';
    const id = await createPaidOrder(t.app, customer, { content, serviceTier: 'fact-checked' });
    const original = await t.request('GET', `/api/admin/submissions/${id}/checks?text=original`, reviewer);
    expect(original.statusCode, original.body).toBe(200);
    const findings = (original.json() as { findings: Finding[] }).findings;
    const byText = new Map(findings.map((f) => [at(content, f), f]));
    expect(byText.get('teh')).toMatchObject({ category: 'spelling', rule: expect.stringMatching(/^harper:/) });
    expect(byText.get('teh')!.suggestions).toContain('the');
    expect(byText.get('delve into')).toMatchObject({ category: 'ai-tells', rule: 'ai-tells:stock-phrase' });
    // "color" once, as the variant rule (Harper's British spelling finding on it is dropped).
    expect(findings.filter((f) => at(content, f) === 'color')).toEqual([expect.objectContaining({ rule: 'variant:american-spelling', suggestions: ['colour'] })]);
    expect(byText.get('an')).toMatchObject({ category: 'grammar' });
    expect(findings.map((f) => f.start)).toEqual([...findings.map((f) => f.start)].sort((a, b) => a - b));

    // The reviewed text is the saved draft.
    const saved = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'The results look at the colour of data.', reviewerNotes: '', complete: false });
    expect(saved.statusCode).toBe(200);
    const reviewed = await t.request('GET', `/api/admin/submissions/${id}/checks?text=reviewed`, reviewer);
    expect((reviewed.json() as { findings: Finding[] }).findings).toEqual([]);
  });

  it('refuses a bad text choice with 400, customers with 403, and an unknown order with 404', async () => {
    const id = await createPaidOrder(t.app, customer);
    const bad = await t.request('GET', `/api/admin/submissions/${id}/checks?text=everything`, reviewer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining('original or reviewed') });
    expect((await t.request('GET', `/api/admin/submissions/${id}/checks`, customer)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/admin/submissions/NOSUCHORDER/checks', reviewer)).statusCode).toBe(404);
  });

  it('a finding never hides another: a misspelling inside a very long sentence is found beside the long-sentence finding (issue 42)', async () => {
    const runOn = Array.from({ length: 45 }, (_, i) => `the reviewer reads line ${i + 1}`).join(' and ');
    const text = `Then ${runOn} so we recieve it from Gartner today.`;
    const findings = await checkText(text, 'british');
    const long = findings.find((f) => f.rule === 'harper:Readability');
    expect(long, JSON.stringify(findings)).toBeDefined();
    expect(long!.start).toBe(0);
    const misspelt = findings.find((f) => at(text, f) === 'recieve');
    expect(misspelt).toMatchObject({ category: 'spelling' });
    expect(misspelt!.start).toBeGreaterThan(long!.start);
    expect(misspelt!.end).toBeLessThanOrEqual(long!.end);
    // Messages are plain text: no Markdown code spans.
    for (const f of findings) expect(f.message).not.toMatch(/[`*]/);
    expect(misspelt!.message).toBe('Did you mean to spell \u201crecieve\u201d this way?');
    // The same words under two of harper.js's rules ("Teh": a typo and a spelling) are one finding.
    const teh = await checkText('Teh cat sat on the mat.', 'british');
    expect(teh.filter((f) => f.start === 0 && f.end === 3)).toHaveLength(1);
  });

  it('checks 3,000 words of real English (findings only where the text has them)', async () => {
    const dir = path.join(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures', 'word-count');
    const article = readFileSync(path.join(dir, readdirSync(dir)[0]!), 'utf8');
    const findings = await checkText(article, 'british');
    for (const f of findings) expect(f.end).toBeGreaterThan(f.start);
    expect(findings.length).toBeLessThan(countWords(article) / 10);
  });
});
