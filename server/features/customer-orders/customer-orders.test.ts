import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { submissionSchema, submissionDraftSchema, type Submission } from '../../../shared/submission.schema';
import { reviewDocuments, submissionStatusChanges, submissions } from '../../db/schema';
import { createTestApp, signUp, signUpAdmin, type SignedInUser, type TestApp } from '../../test-support/test-app';
import { createSubmissionVia, validForm } from '../../test-support/orders';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'orders@humanproof.test' });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('POST /api/submissions', () => {
  it('answers 401 to the anonymous, even with a bad body', async () => {
    expect((await post('/api/submissions', validForm)).statusCode).toBe(401);
    const bad = await post('/api/submissions', { content: 1 });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ message: 'Authentication required' });
  });

  it('creates a new submission, recomputing words, price and title', async () => {
    const response = await post('/api/submissions', validForm, alice.cookie);
    expect(response.statusCode).toBe(201);
    const body = submissionSchema.parse(response.json());
    expect(body).toMatchObject({
      status: 'new',
      serviceTier: 'polished',
      category: 'blog-post',
      wordCount: 100,
      amount: 6,
      fastTurnaround: false,
      tone: 'Friendly',
      englishVariant: 'british',
      contactName: 'Ada Lovelace',
      contactWebsite: 'https://example.com',
      paidAt: null,
      dueDate: null,
      completedAt: null,
      reviewedContent: null,
      documents: [],
    });
    expect(body.id).toMatch(/^[0-9A-Z]{10}$/);
    expect(body.title.length).toBeLessThanOrEqual(60);
    // Cut at a word, with an ellipsis when the text is longer (issue 45).
    expect(validForm.content.startsWith(body.title.replace(/…$/, ''))).toBe(true);
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

    const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, body.id));
    expect(row).toMatchObject({ userId: alice.id, amountPence: 600, wordCount: 100, status: 'new' });
    const history = await t.app.db
      .select()
      .from(submissionStatusChanges)
      .where(eq(submissionStatusChanges.submissionId, body.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 'new', changedBy: alice.id });
  });

  it('ignores a tampered word count, amount and status', async () => {
    const response = await post(
      '/api/submissions',
      { ...validForm, serviceTier: 'rewritten', fastTurnaround: true, wordCount: 1, amount: 0.01, status: 'paid', paidAt: new Date().toISOString() },
      alice.cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ wordCount: 100, amount: 13.5, status: 'new', paidAt: null });
  });

  it('prices 333 words rewritten fast at £44.96 and applies the minimum to short texts', async () => {
    const long = await createSubmissionVia(t.app, alice.cookie, {
      content: Array(333).fill('lorem').join(' '),
      serviceTier: 'rewritten',
      fastTurnaround: true,
    });
    expect(long).toMatchObject({ wordCount: 333, amount: 44.96 });
    const short = await createSubmissionVia(t.app, alice.cookie, {
      content: 'Just a few words here.',
      serviceTier: 'fact-checked',
    });
    expect(short).toMatchObject({ wordCount: 5, amount: 5 });
  });

  it('titles the submission after the uploaded file, without its extension', async () => {
    const byFile = await createSubmissionVia(t.app, alice.cookie, { fileName: 'Quarterly report.final.docx' });
    expect(byFile.title).toBe('Quarterly report.final');
    const byWords = await createSubmissionVia(t.app, alice.cookie, {
      content: 'The quick brown fox jumps over the lazy dog and keeps running far beyond the hills',
    });
    // Longer than 60 characters: cut back to the last whole word within 60, with an ellipsis (issue 45).
    expect(byWords.title).toBe('The quick brown fox jumps over the lazy dog and keeps…');
  });

  it('answers 400 with the spec message for every bad payload, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ ...validForm, content: 'short' }, 'Content must be at least 10 characters long'],
      [
        { ...validForm, content: Array(3001).fill('w').join(' ') },
        'Content must be 3,000 words or less. For longer content, please email orders@humanproof.test',
      ],
      [{ ...validForm, serviceTier: 'platinum' }, 'Please select a service tier'],
      [{ ...validForm, serviceTier: 7 }, 'Please select a service tier'],
      [{ ...validForm, category: 'poetry' }, 'Please select a category'],
      [{ ...validForm, contactName: '' }, 'Name is required'],
      [{ ...validForm, contactEmail: 'nope' }, 'Please enter a valid email'],
      [{ ...validForm, contactWebsite: 'ftp//x' }, 'Please enter a valid URL'],
      [{ ...validForm, tone: 'x'.repeat(51) }, 'Tone must be 50 characters or less'],
    ];
    for (const [payload, message] of cases) {
      const response = await post('/api/submissions', payload, alice.cookie);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    for (const payload of [[], 'text', 42, { ...validForm, fastTurnaround: 'yes' }, { ...validForm, content: { a: 1 } }, null]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/submissions',
        headers: { cookie: alice.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('answers 400 to malformed JSON and 413 beyond 2 MB', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      payload: '{"content": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Malformed JSON body' });

    // 1.5 MB of content (over the app-wide 1 MB limit) is still read, then refused by the schema's limit.
    const big = await post('/api/submissions', { ...validForm, content: 'x'.repeat(1_500_000) }, alice.cookie);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/^Content must be 40,000 characters or less/);

    const huge = await post('/api/submissions', { ...validForm, content: 'x'.repeat(2_200_000) }, alice.cookie);
    expect(huge.statusCode).toBe(413);
  });
});

describe('POST /api/submissions/from-pending', () => {
  it('creates the stored pending form with the same rules', async () => {
    expect((await post('/api/submissions/from-pending', validForm)).statusCode).toBe(401);
    const pending = { ...validForm, content: 'A pending piece of writing that waited for sign-in.', wordCount: 9999 };
    const response = await post('/api/submissions/from-pending', pending, bob.cookie);
    expect(response.statusCode).toBe(201);
    const body = submissionSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'new', wordCount: 9, amount: 5 });

    // The post-login page posting the same form again does not make a second order.
    const again = await post('/api/submissions/from-pending', pending, bob.cookie);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(body.id);

    const bad = await post('/api/submissions/from-pending', { ...pending, category: 'x' }, bob.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Please select a category' });
  });
});

describe('reading submissions', () => {
  it('lists only the customer’s own submissions, newest first', async () => {
    const carol = await signUp(t.app);
    const first = await createSubmissionVia(t.app, carol.cookie, { content: 'First submission of carol here.' });
    const second = await createSubmissionVia(t.app, carol.cookie, { content: 'Second submission of carol here.' });
    await createSubmissionVia(t.app, bob.cookie);
    const response = await t.app.inject({ url: '/api/submissions', headers: { cookie: carol.cookie } });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Submission[];
    expect(list.map((s) => s.id)).toEqual([second.id, first.id]);
    for (const s of list) submissionSchema.parse(s);
    expect((await t.app.inject({ url: '/api/submissions' })).statusCode).toBe(401);
  });

  it('loads one submission for checkout and the draft prefill for its owner and admins', async () => {
    const mine = await createSubmissionVia(t.app, alice.cookie, { fastTurnaround: true });
    const checkout = await t.app.inject({ url: `/api/submissions/${mine.id}`, headers: { cookie: alice.cookie } });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json()).toEqual(mine);

    const draft = await t.app.inject({ url: `/api/submission/${mine.id}`, headers: { cookie: alice.cookie } });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toEqual(submissionDraftSchema.parse(mine));
    expect(draft.json()).not.toHaveProperty('contactEmail');

    const admin = await signUpAdmin(t.app);
    expect((await t.app.inject({ url: `/api/submissions/${mine.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/submission/${mine.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it('answers 404 for someone else’s or an unknown id, 401 when anonymous', async () => {
    const mine = await createSubmissionVia(t.app, alice.cookie);
    for (const url of [`/api/submissions/${mine.id}`, `/api/submission/${mine.id}`, '/api/submissions/NOPE000000', '/api/submission/NOPE000000']) {
      const response = await t.app.inject({ url, headers: { cookie: bob.cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Submission not found' });
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('lists uploaded review documents with their download address once the review is delivered', async () => {
    const mine = await createSubmissionVia(t.app, alice.cookie);
    await t.app.db.insert(reviewDocuments).values([
      { id: 'doc-1', submissionId: mine.id, storageKey: 'k1', fileName: 'review.pdf', status: 'uploaded' },
      { id: 'doc-2', submissionId: mine.id, storageKey: 'k2', fileName: 'pending.pdf', status: 'pending' },
    ]);
    const before = await t.app.inject({ url: `/api/submissions/${mine.id}`, headers: { cookie: alice.cookie } });
    expect(before.json().documents).toEqual([]);
    await t.app.db.update(submissions).set({ status: 'completed' }).where(eq(submissions.id, mine.id));
    const one = await t.app.inject({ url: `/api/submissions/${mine.id}`, headers: { cookie: alice.cookie } });
    expect(one.json().documents).toEqual([{ id: 'doc-1', fileName: 'review.pdf', url: '/api/documents/doc-1' }]);
    const list = (await t.app.inject({ url: '/api/submissions', headers: { cookie: alice.cookie } })).json() as Submission[];
    expect(list.find((s) => s.id === mine.id)?.documents).toHaveLength(1);
  });
});
