/**
 * Issue 42, item 3: a reviewer's ignore, accept and "ignore all" are stored per order on the server, so they survive
 * the autosave's new check, a reload, another reviewer and another instance; and each reviewer's dictionary stops
 * spelling findings on proper nouns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Finding } from '../../../shared/language-checks.schema';
import {
  DECISION_LIMITS,
  findingDecision,
  indexDecisions,
  isFindingDecided,
  isSuggestionDecided,
  REVIEW_DECISION_MESSAGES,
  type ReviewDecisionList,
} from '../../../shared/review-decisions.schema';
import { TEAM_MESSAGES } from '../../../shared/team.schema';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, request, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';

const TEXT = 'The analysts at Gartner said so. Ofcom agreed, and Gartner repeated it later in the year.';

let t: TestApp;
let rita: SignedInUser;
let sam: SignedInUser;
let customer: SignedInUser;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp();
  rita = await signUpReviewer(t.app, 'Rita');
  sam = await signUpReviewer(t.app, 'Sam');
  customer = await signUp(t.app);
  orderId = await createPaidOrder(t.app, customer, { content: TEXT });
}, 60_000);
afterAll(async () => t?.close());

const url = (id = orderId) => `/api/admin/submissions/${id}/decisions`;
const listAs = async (who: SignedInUser, app = t.app) => {
  const response = await request(app, 'GET', url(), who);
  expect(response.statusCode).toBe(200);
  return (response.json() as ReviewDecisionList).decisions;
};
const spelling = (word: string, from = 0): Finding => {
  const start = TEXT.indexOf(word, from);
  return { start, end: start + word.length, rule: 'harper:Spelling', category: 'spelling', message: `Did you mean to spell “${word}” this way?`, suggestions: [] };
};

describe('stored review decisions', () => {
  it('an ignored finding stays ignored for another reviewer, on another instance, after the text moved it', async () => {
    // The second "Gartner", in "and Gartner repeated".
    const gartner = spelling('Gartner', 20);
    const ignored = await request(t.app, 'POST', url(), rita, findingDecision(gartner, TEXT, 'ignore'));
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().decisions).toEqual([expect.objectContaining({ kind: 'finding', action: 'ignore', rule: 'harper:Spelling', word: 'Gartner', decidedBy: 'Rita Reviewer' })]);

    // Another reviewer reads the same list, on another instance on the same database (nothing in a process's memory).
    const second = await buildApp({ config: t.config, database: t.database.handle, clientDir: null });
    try {
      await second.ready();
      const decisions = await listAs(sam, second);
      const index = indexDecisions(decisions);
      // The saved draft has a sentence before it now: the same finding, moved, is still the ignored one...
      const edited = `A new opening sentence. ${TEXT}`;
      const moved = { ...gartner, start: gartner.start + 24, end: gartner.end + 24 };
      expect(isFindingDecided(gartner, TEXT, index)).toBe(true);
      expect(edited.slice(moved.start, moved.end)).toBe('Gartner');
      expect(isFindingDecided(moved, edited, index)).toBe(true);
      // ...while the other "Gartner" (other words around it) is a finding of its own.
      expect(isFindingDecided(spelling('Gartner'), TEXT, index)).toBe(false);
    } finally {
      await second.close();
    }
  });

  it('"ignore all" of a rule on a word covers every case of it; of a rule alone, every finding of the rule', async () => {
    const all = await request(t.app, 'POST', url(), rita, { kind: 'rule', action: 'ignore-all', rule: 'harper:Spelling', word: 'OFCOM' });
    expect(all.statusCode).toBe(200);
    const index = indexDecisions(all.json().decisions);
    expect(isFindingDecided(spelling('Ofcom'), TEXT, index)).toBe(true);
    expect(isFindingDecided(spelling('analysts'), TEXT, index)).toBe(false);
    const rule = await request(t.app, 'POST', url(), rita, { kind: 'rule', action: 'ignore-all', rule: 'harper:Readability' });
    expect(rule.statusCode).toBe(200);
    const long: Finding = { start: 0, end: 32, rule: 'harper:Readability', category: 'grammar', message: 'Long', suggestions: [] };
    expect(isFindingDecided(long, TEXT, indexDecisions(rule.json().decisions))).toBe(true);
  });

  it('a suggested claim ignored, then accepted, is one decision; undo brings it back', async () => {
    const claim = { kind: 'suggestion', start: 0, end: 32 } as const;
    await request(t.app, 'POST', url(), rita, { ...claim, action: 'ignore' });
    const accepted = await request(t.app, 'POST', url(), rita, { ...claim, action: 'accept' });
    const mine = (accepted.json() as ReviewDecisionList).decisions.filter((d) => d.kind === 'suggestion');
    expect(mine).toEqual([expect.objectContaining({ action: 'accept', start: 0, end: 32 })]);
    expect(isSuggestionDecided(claim, indexDecisions(mine))).toBe(true);

    const undone = await request(t.app, 'DELETE', `${url()}/${mine[0]!.id}`, rita);
    expect(undone.statusCode).toBe(200);
    expect(isSuggestionDecided(claim, indexDecisions(undone.json().decisions))).toBe(false);
    expect((await request(t.app, 'DELETE', `${url()}/${mine[0]!.id}`, rita)).statusCode).toBe(404);
  });

  it('decisions survive the draft saves', async () => {
    const before = await listAs(rita);
    expect((await saveReviewAs(t.app, rita, orderId, { attachmentMode: 'text', reviewedContent: `Edited. ${TEXT}`, reviewerNotes: '', complete: false })).statusCode).toBe(200);
    expect(await listAs(rita)).toEqual(before);
  });

  it('while Rita holds the claim, Sam may read the decisions but not change them (409 naming her)', async () => {
    const refused = await request(t.app, 'POST', url(), sam, { kind: 'rule', action: 'ignore-all', rule: 'harper:Spelling', word: 'year' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEAM_MESSAGES.claimedBy('Rita Reviewer'));
    const [first] = await listAs(sam);
    expect((await request(t.app, 'DELETE', `${url()}/${first!.id}`, sam)).statusCode).toBe(409);
  });

  it('bad input is a 400 with a message; a customer gets 403, an unknown order 404, nobody 401', async () => {
    for (const body of [
      {},
      { kind: 'finding', action: 'ignore-all', rule: 'r', word: 'w', context: '' },
      { kind: 'finding', action: 'ignore', rule: '', word: 'w', context: '' },
      { kind: 'finding', action: 'ignore', rule: 'r', word: 'w', context: 'x'.repeat(DECISION_LIMITS.contextSide * 2 + 2) },
      { kind: 'rule', action: 'ignore-all', rule: 'x'.repeat(DECISION_LIMITS.rule + 1) },
      { kind: 'suggestion', action: 'ignore', start: 5, end: 2 },
      { kind: 'suggestion', action: 'ignore', start: -1, end: 2 },
      { kind: 'suggestion', action: 'ignore', start: '1; drop table', end: 2 },
    ]) {
      const response = await request(t.app, 'POST', url(), rita, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await request(t.app, 'DELETE', `${url()}/..%2F..%2Fx`, rita)).statusCode).toBe(400);
    expect((await request(t.app, 'GET', url(), customer)).statusCode).toBe(403);
    expect((await request(t.app, 'POST', url(), customer, { kind: 'rule', action: 'ignore-all', rule: 'r' })).statusCode).toBe(403);
    expect((await request(t.app, 'GET', url(), null)).statusCode).toBe(401);
    expect((await request(t.app, 'GET', url('NOSUCHORDER'), rita)).statusCode).toBe(404);
    expect((await request(t.app, 'POST', url('NOSUCHORDER'), rita, { kind: 'rule', action: 'ignore-all', rule: 'r' })).statusCode).toBe(404);
  });
});

describe("a reviewer's dictionary", () => {
  it('stops spelling findings on its words for that reviewer only; words are one whatever their case', async () => {
    const checks = async (who: SignedInUser) => {
      const response = await request(t.app, 'GET', `/api/admin/submissions/${orderId}/checks?text=original`, who);
      expect(response.statusCode).toBe(200);
      return (response.json().findings as Finding[]).filter((f) => f.category === 'spelling').map((f) => TEXT.slice(f.start, f.end));
    };
    expect(await checks(sam)).toEqual(expect.arrayContaining(['Gartner', 'Ofcom']));
    expect((await request(t.app, 'POST', '/api/admin/dictionary', sam, { word: 'gartner' })).json()).toEqual({ words: ['gartner'] });
    expect((await request(t.app, 'POST', '/api/admin/dictionary', sam, { word: 'Gartner' })).json()).toEqual({ words: ['gartner'] });
    expect((await request(t.app, 'POST', '/api/admin/dictionary', sam, { word: 'Ofcom' })).json()).toEqual({ words: ['gartner', 'Ofcom'] });
    const samSees = await checks(sam);
    expect(samSees).not.toContain('Gartner');
    expect(samSees).not.toContain('Ofcom');
    // Rita's own dictionary is empty: she still sees them.
    expect(await checks(rita)).toEqual(expect.arrayContaining(['Gartner', 'Ofcom']));

    expect((await request(t.app, 'DELETE', '/api/admin/dictionary/OFCOM', sam)).json()).toEqual({ words: ['gartner'] });
    expect((await request(t.app, 'GET', '/api/admin/dictionary', sam)).json()).toEqual({ words: ['gartner'] });
  }, 240_000 /* the checker's worker starts with the first check: slow on a busy machine */);

  it('refuses what is not one word (400), and customers (403)', async () => {
    for (const word of ['', 'two words', '-dash', 'x'.repeat(DECISION_LIMITS.dictionaryWord + 1), '<script>', 'a\u0000b']) {
      const response = await request(t.app, 'POST', '/api/admin/dictionary', rita, { word });
      expect(response.statusCode, word).toBe(400);
      // A NUL is refused for every text field of the API, before this route's own words.
      if (word.includes('\u0000')) expect(response.json().message).toMatch(/NUL/);
      else expect(response.json().message).toBe(REVIEW_DECISION_MESSAGES.badWord);
    }
    expect((await request(t.app, 'POST', '/api/admin/dictionary', rita, { word: "O'Neill" })).statusCode).toBe(200);
    expect((await request(t.app, 'GET', '/api/admin/dictionary', customer)).statusCode).toBe(403);
    expect((await request(t.app, 'POST', '/api/admin/dictionary', customer, { word: 'Gartner' })).statusCode).toBe(403);
  });
});
