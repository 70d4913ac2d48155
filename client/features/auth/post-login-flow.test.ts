import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_SUBMISSION_KEY } from '@client/lib/pending-submission';
import type * as ToastModule from '@client/components/ui/use-toast';
import type { ToastInput } from '@client/components/ui/use-toast';
import { CHECK_NOW_DRAFT_KEY, readFormDraft } from '@client/features/submissions';
import type { Submission } from '@shared/submission.schema';
import { runPostLoginFlow } from './post-login-flow';

/** A created submission as POST /api/submissions/from-pending answers it (shared submissionSchema). */
function createdSubmission(id: string): Submission {
  return {
    id,
    title: 'Pending order',
    status: 'new',
    serviceTier: 'polished',
    category: 'general',
    wordCount: 2,
    amount: 5,
    amountPence: 500,
    fastTurnaround: false,
    tone: '',
    targetAudience: '',
    englishVariant: 'british',
    contactName: 'Casey',
    contactEmail: 'casey@example.com',
    contactPhone: '',
    contactWebsite: '',
    content: 'from local',
    instructions: '',
    additionalNotes: '',
    reviewedContent: null,
    reviewerNotes: null,
    attachmentMode: null,
    documentLink: null,
    noCheckableClaims: false,
    documents: [],
    createdAt: new Date().toISOString(),
    paidAt: null,
    dueDate: null,
    completedAt: null,
    refundedPence: 0,
    cancellableUntil: null,
    revisionAvailableUntil: null,
    revisionRequestedAt: null,
    revisionMessage: null,
  };
}

const posted: unknown[] = [];
function serve(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      posted.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

// Records what was announced, while the real notice store still runs.
let lastToast: ToastInput | undefined;
vi.mock('@client/components/ui/use-toast', async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return {
    ...actual,
    toast: (input: ToastInput) => {
      lastToast = input;
      return actual.toast(input);
    },
  };
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  posted.length = 0;
  lastToast = undefined;
  vi.unstubAllGlobals();
});

describe('runPostLoginFlow', () => {
  it('goes to the dashboard when nothing is pending', async () => {
    serve(500, {});
    expect(await runPostLoginFlow()).toBe('/dashboard');
    expect(posted).toEqual([]);
  });

  it('goes back to an organisation invitation opened while signed out (decision 043)', async () => {
    serve(500, {});
    sessionStorage.setItem('hp.organisation-invitation', 'some-token');
    expect(await runPostLoginFlow()).toBe('/organisation/join');
    expect(posted).toEqual([]);
  });

  it('creates the pending submission (local storage first), clears both copies and goes to its checkout', async () => {
    localStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: 'from local', wordCount: 2 }));
    sessionStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: 'from session' }));
    serve(201, createdSubmission('ABC123'));
    expect(await runPostLoginFlow()).toBe('/checkout/ABC123');
    expect(posted).toEqual([{ url: '/api/submissions/from-pending', method: 'POST', body: { content: 'from local', wordCount: 2 } }]);
    expect(localStorage.getItem(PENDING_SUBMISSION_KEY)).toBeNull();
    expect(sessionStorage.getItem(PENDING_SUBMISSION_KEY)).toBeNull();
    expect(lastToast).toEqual({ title: 'Submission created', description: 'Your submission ABC123 has been created successfully.' });
  });

  it('forgets the draft the order came from: no stored copy, and a stray copy of it is never restored', async () => {
    const draft = JSON.stringify({ id: 'draft-1', values: { content: 'Typed before signing in', fastTurnaround: true } });
    sessionStorage.setItem(CHECK_NOW_DRAFT_KEY, draft);
    localStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: 'Typed before signing in', fastTurnaround: true, draftId: 'draft-1' }));
    serve(201, createdSubmission('D1'));
    expect(await runPostLoginFlow()).toBe('/checkout/D1');
    // The draft id is the client's own bookkeeping, never sent.
    expect(posted).toEqual([
      { url: '/api/submissions/from-pending', method: 'POST', body: { content: 'Typed before signing in', fastTurnaround: true } },
    ]);
    expect(sessionStorage.getItem(CHECK_NOW_DRAFT_KEY)).toBeNull();
    expect(localStorage.getItem(PENDING_SUBMISSION_KEY)).toBeNull();
    // Another tab still holding the same draft does not bring it back.
    sessionStorage.setItem(CHECK_NOW_DRAFT_KEY, draft);
    expect(readFormDraft()).toBeNull();
  });

  it('keeps the draft when the order could not be created', async () => {
    sessionStorage.setItem(CHECK_NOW_DRAFT_KEY, JSON.stringify({ id: 'draft-2', values: { content: 'Still unsent text' } }));
    localStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: 'Still unsent text', draftId: 'draft-2' }));
    serve(500, { message: 'Something went wrong on our side. Please try again.' });
    expect(await runPostLoginFlow()).toBe('/dashboard');
    expect(readFormDraft()?.values.content).toBe('Still unsent text');
  });

  it('falls back to session storage', async () => {
    sessionStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: 'from session' }));
    serve(201, createdSubmission('S1'));
    expect(await runPostLoginFlow()).toBe('/checkout/S1');
    expect(posted).toEqual([{ url: '/api/submissions/from-pending', method: 'POST', body: { content: 'from session' } }]);
  });

  it('clears an unparsable copy and goes to the dashboard without calling the server', async () => {
    localStorage.setItem(PENDING_SUBMISSION_KEY, '{not json');
    sessionStorage.setItem(PENDING_SUBMISSION_KEY, '{not json');
    serve(201, createdSubmission('X'));
    expect(await runPostLoginFlow()).toBe('/dashboard');
    expect(posted).toEqual([]);
    expect(localStorage.getItem(PENDING_SUBMISSION_KEY)).toBeNull();
    expect(sessionStorage.getItem(PENDING_SUBMISSION_KEY)).toBeNull();
  });

  it('shows the destructive error and goes to the dashboard when creation fails', async () => {
    localStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify({ content: 'x' }));
    serve(400, { message: 'Content must be at least 10 characters long' });
    expect(await runPostLoginFlow()).toBe('/dashboard');
    expect(lastToast).toEqual({ title: 'Error', description: 'Failed to create submission. Please try again.', variant: 'destructive' });
  });

  it('creates every part of a text split into orders (decision 069) and goes to the dashboard, where each awaits payment', async () => {
    localStorage.setItem(
      PENDING_SUBMISSION_KEY,
      JSON.stringify({ content: 'Part one text.', serviceTier: 'polished', wordCount: 3, draftId: 'draft-3', moreParts: ['Part two text here.', 'Part three.'] }),
    );
    serve(201, createdSubmission('P1'));
    expect(await runPostLoginFlow()).toBe('/dashboard');
    expect(posted).toEqual([
      { url: '/api/submissions/from-pending', method: 'POST', body: { content: 'Part one text.', serviceTier: 'polished', wordCount: 3 } },
      { url: '/api/submissions/from-pending', method: 'POST', body: { content: 'Part two text here.', serviceTier: 'polished', wordCount: 4 } },
      { url: '/api/submissions/from-pending', method: 'POST', body: { content: 'Part three.', serviceTier: 'polished', wordCount: 2 } },
    ]);
    expect(lastToast?.title).toBe('3 orders created');
    expect(localStorage.getItem(PENDING_SUBMISSION_KEY)).toBeNull();
  });
});
