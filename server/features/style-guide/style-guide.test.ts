/** Issue 27, part 4: a house style the team enforces (decision 046). Settings and /api/v1 routes, limits, the workspace's checks, the report. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactCheckReport } from '../../../shared/fact-check.schema';
import type { Finding } from '../../../shared/language-checks.schema';
import { MAX_STYLE_TERMS, STYLE_GUIDE_MESSAGES, type OrderHouseStyle, type StyleGuide, type StyleGuideInput } from '../../../shared/style-guide.schema';
import { organisationMembers, organisations, submissions } from '../../db/schema';
import { newId } from '../../lib/ids';
import { NUL_MESSAGE } from '../../plugins/input-hygiene';
import { bearer, createKey } from '../../test-support/api';
import { createPaidOrder, saveReviewAs } from '../../test-support/orders';
import { createTestApp, signUp, signUpReviewer, type SignedInUser, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let reviewer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await signUpReviewer(t.app);
});
afterAll(async () => t.close());

const put = (who: SignedInUser, body: unknown) => t.request('PUT', '/api/style-guide', who, body);
const guideOf = async (who: SignedInUser) => {
  const response = await t.request('GET', '/api/style-guide', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StyleGuide;
};
const banned = (term: string, replacement: string) => ({ term, kind: 'banned' as const, replacement });

/** An organisation with an owner and a member (rows written directly: the organisations feature has its own tests). */
async function organisation(name: string): Promise<{ id: string; owner: SignedInUser; member: SignedInUser }> {
  const owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  const member = await signUp(t.app, { firstName: 'Mo', lastName: 'Member' });
  const id = newId();
  await t.app.db.insert(organisations).values({ id, name, createdBy: owner.id });
  await t.app.db.insert(organisationMembers).values([
    { organisationId: id, userId: owner.id, role: 'owner' },
    { organisationId: id, userId: member.id, role: 'member' },
  ]);
  return { id, owner, member };
}

/** A paid order of `customer`; `organisationId` makes it the organisation's, as placing it as a member does. */
async function paidOrder(customer: SignedInUser, content: string, organisationId: string | null = null, overrides: Record<string, unknown> = {}) {
  const id = await createPaidOrder(t.app, customer, { content, serviceTier: 'polished', ...overrides });
  if (organisationId) await t.app.db.update(submissions).set({ organisationId }).where(eq(submissions.id, id));
  return id;
}

async function findingsOf(id: string): Promise<Finding[]> {
  const response = await t.request('GET', `/api/admin/submissions/${id}/checks?text=original`, reviewer);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { findings: Finding[] }).findings;
}

describe('GET/PUT /api/style-guide (Settings)', () => {
  it('answers an empty guide of one’s own, then replaces the whole guide on each save', async () => {
    const lone = await signUp(t.app);
    expect(await guideOf(lone)).toEqual({ owner: 'account', organisationName: null, canEdit: true, spellingVariant: null, terms: [], rules: '', updatedAt: null });

    const first = await put(lone, {
      spellingVariant: 'american',
      terms: [banned('utilise', 'use'), { term: '  Java   Script ', kind: 'preferred' }, banned('(a+)+$', 'x')],
      rules: 'Sentence case for headings.\n\tNo exclamation marks.',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      owner: 'account',
      canEdit: true,
      spellingVariant: 'american',
      terms: [banned('utilise', 'use'), { term: 'Java Script', kind: 'preferred', replacement: '' }, banned('(a+)+$', 'x')],
      rules: 'Sentence case for headings.\n\tNo exclamation marks.',
      updatedAt: expect.any(String),
    });
    expect(await guideOf(lone)).toEqual(first.json());

    const second = await put(lone, { terms: [banned('leverage', 'use')] });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ spellingVariant: null, terms: [banned('leverage', 'use')], rules: '' });
    expect((await t.request('GET', '/api/style-guide', null)).statusCode).toBe(401);
  });

  it('refuses what breaks a limit with 400 and a message naming it', async () => {
    const lone = await signUp(t.app);
    const refused = async (body: unknown, message: string) => {
      const response = await put(lone, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(response.json().message).toBe(message);
    };
    const many = (n: number) => Array.from({ length: n }, (_, i) => banned(`word${i}`, `other${i}`));
    await refused({ terms: many(MAX_STYLE_TERMS + 1) }, STYLE_GUIDE_MESSAGES.tooManyTerms);
    expect((await put(lone, { terms: many(MAX_STYLE_TERMS) })).statusCode).toBe(200);
    await refused({ terms: [banned('x'.repeat(101), 'y')] }, STYLE_GUIDE_MESSAGES.term);
    await refused({ terms: [banned('   ', 'y')] }, STYLE_GUIDE_MESSAGES.term);
    await refused({ terms: [banned('x', 'y'.repeat(101))] }, STYLE_GUIDE_MESSAGES.replacement);
    await refused({ terms: [{ term: 'synergy', kind: 'banned' }] }, STYLE_GUIDE_MESSAGES.replacement);
    await refused({ terms: [banned('Javascript', 'JavaScript')] }, STYLE_GUIDE_MESSAGES.replacementSameAsTerm('Javascript'));
    await refused({ terms: [{ term: 'JavaScript', kind: 'preferred', replacement: 'JS' }] }, STYLE_GUIDE_MESSAGES.preferredHasNoReplacement('JavaScript'));
    await refused({ terms: [banned('Utilise', 'use'), banned('leverage', 'use'), banned('UTILISE', 'employ')] }, STYLE_GUIDE_MESSAGES.duplicate('UTILISE'));
    await refused({ terms: [banned('caf\u00e9', 'cafe'), { term: 'cafe\u0301', kind: 'preferred' }] }, STYLE_GUIDE_MESSAGES.duplicate('cafe\u0301'));
    await refused({ terms: [{ term: 'x', kind: 'forbidden', replacement: 'y' }] }, STYLE_GUIDE_MESSAGES.kind);
    await refused({ terms: 'utilise' }, STYLE_GUIDE_MESSAGES.terms);
    await refused({ terms: [], rules: 'r'.repeat(5_001) }, STYLE_GUIDE_MESSAGES.rules);
    await refused({ terms: [], rules: 'Ring the bell\u0007' }, STYLE_GUIDE_MESSAGES.rulesControl);
    await refused({ terms: [], spellingVariant: 'canadian' }, STYLE_GUIDE_MESSAGES.spellingVariant);
    for (const control of ['\t', '\n', '\u001b', '\u0085', '\u2028']) await refused({ terms: [banned(`a${control}b`, 'c')] }, STYLE_GUIDE_MESSAGES.termControl);
    await refused({ terms: [banned('a', `b${'\r'}c`)] }, STYLE_GUIDE_MESSAGES.replacementControl);
    await refused({ terms: [banned('a\u0000b', 'c')] }, NUL_MESSAGE);
    expect((await put(lone, { terms: [], rules: 'r'.repeat(5_000) })).statusCode).toBe(200);
    // Hostile but valid terms are stored as they are.
    const hostile = [banned('.*', 'anything'), banned('(a+)+$', 'a'), banned('p\u0430ypal', 'PayPal'), banned('\u202Eevil', 'good')];
    const saved = await put(lone, { terms: hostile });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as StyleGuide).terms).toEqual(hostile);
  });

  it('is the organisation’s for its owners and members; a member reads it and gets 403 saving it', async () => {
    const org = await organisation('Acme Ltd');
    const saved = await put(org.owner, { terms: [banned('synergy', 'teamwork')], rules: 'Write “Acme”, never “ACME”.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ owner: 'organisation', organisationName: 'Acme Ltd', canEdit: true });
    const read = await guideOf(org.member);
    expect(read).toMatchObject({ owner: 'organisation', organisationName: 'Acme Ltd', canEdit: false, terms: [banned('synergy', 'teamwork')] });
    const refused = await put(org.member, { terms: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STYLE_GUIDE_MESSAGES.memberCannotEdit('Acme Ltd'));
    expect((await guideOf(org.owner)).terms).toHaveLength(1);
  });
});

describe('GET/PUT /api/v1/style-guide (an API key)', () => {
  it('reads with style-guide:read, replaces with style-guide:write, and answers problems', async () => {
    const customer = await signUp(t.app);
    const both = await createKey(t.app, customer, ['style-guide:read', 'style-guide:write']);
    const readOnly = await createKey(t.app, customer, ['style-guide:read']);
    const ordersOnly = await createKey(t.app, customer, ['orders:read', 'orders:write']);

    const empty = await bearer(t.app, readOnly.key, 'GET', '/api/v1/style-guide');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ owner: 'account', terms: [], updatedAt: null });

    const body: StyleGuideInput = { spellingVariant: 'british', terms: [banned('utilize', 'use')], rules: 'Plain English.' };
    const written = await bearer(t.app, both.key, 'PUT', '/api/v1/style-guide', body);
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject(body);
    expect((await guideOf(customer)).terms).toEqual(body.terms);

    const noScope = await bearer(t.app, readOnly.key, 'PUT', '/api/v1/style-guide', body);
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json()).toMatchObject({ type: expect.stringContaining('insufficient-scope'), detail: expect.stringContaining('style-guide:write') });
    expect((await bearer(t.app, ordersOnly.key, 'GET', '/api/v1/style-guide')).statusCode).toBe(403);
    expect((await bearer(t.app, 'hp_live_nonsense', 'GET', '/api/v1/style-guide')).statusCode).toBe(401);
    // A cookie never authenticates the API.
    expect((await t.request('GET', '/api/v1/style-guide', customer)).statusCode).toBe(401);

    const duplicate = await bearer(t.app, both.key, 'PUT', '/api/v1/style-guide', { terms: [banned('Utilize', 'use'), banned('utilize', 'employ')] });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(duplicate.json()).toMatchObject({ status: 400, detail: STYLE_GUIDE_MESSAGES.duplicate('utilize'), errors: [expect.objectContaining({ path: 'body.terms.1.term' })] });
  });

  it('acts for the key’s account: its organisation’s guide, which a member’s key cannot replace', async () => {
    const org = await organisation('Globex');
    await put(org.owner, { terms: [banned('blockchain', 'ledger')] });
    const memberKey = await createKey(t.app, org.member, ['style-guide:read', 'style-guide:write']);
    const read = await bearer(t.app, memberKey.key, 'GET', '/api/v1/style-guide');
    expect(read.json()).toMatchObject({ owner: 'organisation', organisationName: 'Globex', canEdit: false, terms: [banned('blockchain', 'ledger')] });
    const refused = await bearer(t.app, memberKey.key, 'PUT', '/api/v1/style-guide', { terms: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, detail: STYLE_GUIDE_MESSAGES.memberCannotEdit('Globex') });
    const ownerKey = await createKey(t.app, org.owner, ['style-guide:write']);
    expect((await bearer(t.app, ownerKey.key, 'PUT', '/api/v1/style-guide', { terms: [] })).statusCode).toBe(200);
  });

  it('is in the OpenAPI document with its scopes', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { 'x-required-scope'?: string; tags: string[] }>>; info: { description: string } };
    expect(doc.paths['/api/v1/style-guide']!.get).toMatchObject({ 'x-required-scope': 'style-guide:read', tags: ['House style'] });
    expect(doc.paths['/api/v1/style-guide']!.put).toMatchObject({ 'x-required-scope': 'style-guide:write', tags: ['House style'] });
    expect(doc.info.description).toContain('PUT /api/v1/style-guide');
  });
});

describe('the workspace applies the house style', () => {
  it('a banned term in a lone account’s order is a "House style" finding suggesting the replacement', async () => {
    const lone = await signUp(t.app);
    await put(lone, { terms: [banned('utilise', 'use'), { term: 'JavaScript', kind: 'preferred' }] });
    const id = await paidOrder(lone, 'We utilise Javascript daily. Utilise it well; JavaScript is fine.');
    const findings = (await findingsOf(id)).filter((f) => f.category === 'house-style');
    const content = 'We utilise Javascript daily. Utilise it well; JavaScript is fine.';
    expect(findings.map((f) => [content.slice(f.start, f.end), f.rule, f.suggestions])).toEqual([
      ['utilise', 'house-style:banned', ['use']],
      ['Javascript', 'house-style:preferred', ['JavaScript']],
      ['Utilise', 'house-style:banned', ['Use']],
    ]);
    // Another customer's order is untouched by this guide.
    const other = await paidOrder(await signUp(t.app), 'We utilise data.');
    expect((await findingsOf(other)).filter((f) => f.category === 'house-style')).toEqual([]);
  });

  it('an organisation’s order follows the organisation’s guide, not the placer’s own, and its spelling variant', async () => {
    const org = await organisation('Initech');
    // The member's own guide (from before joining) does not apply to the organisation's orders.
    await t.app.db.delete(organisationMembers).where(eq(organisationMembers.userId, org.member.id));
    await put(org.member, { terms: [banned('data', 'information')] });
    await t.app.db.insert(organisationMembers).values({ organisationId: org.id, userId: org.member.id, role: 'member' });
    await put(org.owner, { spellingVariant: 'american', terms: [banned('synergy', 'teamwork')], rules: 'Say “customers”, never “users”.' });

    const content = 'Our synergy shows in the colour of the data.';
    const id = await paidOrder(org.member, content, org.id, { englishVariant: 'british' });
    const findings = await findingsOf(id);
    const at = (f: Finding) => content.slice(f.start, f.end);
    expect(findings.filter((f) => f.category === 'house-style').map((f) => [at(f), f.suggestions[0]])).toEqual([['synergy', 'teamwork']]);
    // The guide's American spelling overrides the order's British: "colour" is the other variant's word.
    expect(findings.find((f) => at(f) === 'colour')).toMatchObject({ category: 'variant', rule: 'variant:british-spelling', suggestions: ['color'] });

    const panel = await t.request('GET', `/api/admin/submissions/${id}/style-guide`, reviewer);
    expect(panel.statusCode).toBe(200);
    expect(panel.json()).toEqual({ houseStyle: { owner: 'organisation', spellingVariant: 'american', rules: 'Say “customers”, never “users”.', termCount: 1 } } satisfies OrderHouseStyle);
    const none = await paidOrder(await signUp(t.app), 'Plain text.');
    expect((await t.request('GET', `/api/admin/submissions/${none}/style-guide`, reviewer)).json()).toEqual({ houseStyle: null });
    expect((await t.request('GET', `/api/admin/submissions/${id}/style-guide`, org.owner)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/admin/submissions/NOSUCH/style-guide', reviewer)).statusCode).toBe(404);
  });

  it('a house style finding replaces a spelling or AI-tell finding on the same words', async () => {
    const lone = await signUp(t.app);
    await put(lone, { terms: [banned('delve into', 'study'), { term: 'HumanProofed', kind: 'preferred' }] });
    const content = 'We delve into it. It was HumanProofed.';
    const findings = await findingsOf(await paidOrder(lone, content));
    const on = (text: string) => findings.filter((f) => content.slice(f.start, f.end).includes(text) || text.includes(content.slice(f.start, f.end)));
    expect(on('delve into').map((f) => f.category)).toEqual(['house-style']);
    expect(findings.filter((f) => content.slice(f.start, f.end) === 'HumanProofed')).toEqual([]);
  });
});

describe('the fact-check report counts the house style applied', () => {
  async function complete(id: string, houseStyle: number) {
    const effortCounts = { suggestionsAccepted: houseStyle + 1, suggestionsIgnored: 0, findingsByCategory: { 'house-style': houseStyle, spelling: 1 } };
    const done = await saveReviewAs(t.app, reviewer, id, { attachmentMode: 'text', reviewedContent: 'We use it.', reviewerNotes: '', complete: true, effortCounts });
    expect(done.statusCode, done.body).toBe(200);
  }
  async function pdfText(customer: SignedInUser, id: string): Promise<string> {
    const response = await t.request('GET', `/api/submissions/${id}/fact-check.pdf`, customer);
    expect(response.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'hp-style-pdf-'));
    try {
      writeFileSync(path.join(dir, 'report.pdf'), response.rawPayload);
      return execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'report.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('"House style: N applied" in the JSON and the PDF when a guide applied, and nothing otherwise', async () => {
    const lone = await signUp(t.app);
    await put(lone, { terms: [banned('utilise', 'use')] });
    const id = await paidOrder(lone, 'We utilise it. We utilise them.');
    await complete(id, 2);
    const report = (await t.request('GET', `/api/submissions/${id}/fact-check`, lone)).json() as FactCheckReport;
    expect(report).toMatchObject({ houseStyleApplied: 2, languageFixes: { 'house-style': 2, spelling: 1 } });
    const text = await pdfText(lone, id);
    expect(text).toContain('House style: 2 applied');
    expect(text).toContain('Language checks fixed: Spelling 1');
    expect(text).not.toContain('House style 2');

    const plain = await signUp(t.app);
    const other = await paidOrder(plain, 'Nothing to see.');
    await complete(other, 0);
    expect(((await t.request('GET', `/api/submissions/${other}/fact-check`, plain)).json() as FactCheckReport).houseStyleApplied).toBeNull();
    expect(await pdfText(plain, other)).not.toContain('House style');
  });
});
