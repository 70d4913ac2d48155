import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminSubmission } from '@shared/submission.schema';
import { SIGN_OFF_MESSAGES } from '@shared/sign-offs.schema';
import { TEAM_MESSAGES } from '@shared/team.schema';
import { createQueryClient } from '@client/lib/query-client';
import { json, serveApi, type ApiCall, type ApiRoute } from '@client/test-support/serve-api';
import { ReviewForm } from './review-form';
import { WorkspaceReviewForm } from './workspace-review-form';

/**
 * The review form's jobs, seen from outside (issue 41, item 4): the draft, the save that claims a free order first
 * and stops on a conflict, the effort record a save carries, the autosave, the save on leaving the page and the
 * workspace's Ctrl+S / Ctrl+Enter. The browser's network is the boundary: fetch answers as the API would.
 */

const NOW = '2026-11-28T10:00:00.000Z';
const ME = { userId: 'u-me', name: 'Me Reviewer', claimedAt: NOW, activeAt: NOW, lapsesAt: '2026-11-28T14:00:00.000Z' };

function order(overrides: Partial<AdminSubmission> = {}): AdminSubmission {
  return {
    id: 'HP/1 a',
    title: 'A note',
    status: 'in-review',
    serviceTier: 'polished',
    category: 'blog-post',
    wordCount: 6,
    amount: 5,
    amountPence: 500,
    fastTurnaround: false,
    tone: 'Friendly',
    targetAudience: 'Everyone',
    englishVariant: 'british',
    contactName: 'Casey',
    contactEmail: 'c@example.com',
    contactPhone: '',
    contactWebsite: '',
    content: 'The tower opened in 1889 to visitors.',
    instructions: '',
    additionalNotes: '',
    reviewedContent: null,
    reviewerNotes: null,
    attachmentMode: null,
    documentLink: null,
    noCheckableClaims: false,
    documents: [],
    createdAt: NOW,
    paidAt: NOW,
    dueDate: null,
    completedAt: null,
    refundedPence: 0,
    cancellableUntil: null,
    revisionAvailableUntil: null,
    revisionRequestedAt: null,
    revisionMessage: null,
    customerName: 'Casey',
    customerEmail: 'c@example.com',
    claim: ME,
    reviewVersion: 3,
    dueFlag: null,
    ...overrides,
  } as AdminSubmission;
}

/** Answers every call of the form and its panels; `first` decides before them (a save's outcome, a reload). */
function serve(first: ApiRoute = () => undefined): ApiCall[] {
  return serveApi(first, (call) => {
    const { method, url } = call;
    if (method === 'PATCH' && url.endsWith('/review')) {
      return json(200, order({ reviewedContent: String(call.body?.reviewedContent), reviewVersion: Number(call.body?.version) + 1 }));
    }
    if (method === 'POST' && url.endsWith('/claim')) return json(200, order({ claim: ME }));
    if (url.endsWith('/claims')) return json(200, []);
    if (url.endsWith('/suggestions')) {
      return json(200, { claims: [{ text: 'The tower opened in 1889 to visitors.', start: 0, end: 37, kinds: ['date'], score: 0.9 }] });
    }
    if (url.includes('/checks')) return json(200, { findings: [] });
    if (url.endsWith('/links')) return json(200, { links: [], checkedAt: NOW });
    if (url.endsWith('/style-guide')) return json(200, { houseStyle: null });
    return undefined;
  });
}

const saves = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PATCH' && c.url.endsWith('/review'));
const REVIEW_URL = `/api/admin/submissions/${encodeURIComponent('HP/1 a')}/review`;

const clients: ReturnType<typeof createQueryClient>[] = [];

function renderForm(ui: React.ReactElement) {
  const client = createQueryClient();
  clients.push(client);
  const view = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...view, client };
}

const reviewed = () => screen.getByLabelText('Reviewed content') as HTMLTextAreaElement;
/** Replaces the reviewed text: the dialog's textarea changes; the workspace's prose editor takes it as typed input. */
const type = (value: string) => {
  const field = reviewed();
  if (field instanceof HTMLTextAreaElement) return fireEvent.change(field, { target: { value } });
  const view = EditorView.findFromDOM(field);
  if (!view) throw new Error('The reviewed text is neither a textarea nor an editor');
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value }, userEvent: 'input.type' }));
  return true;
};
const press = (key: string, options: KeyboardEventInit = { ctrlKey: true }) =>
  act(() => {
    reviewed().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options }));
  });

afterEach(async () => {
  cleanup();
  // A form closed with unsaved edits still saves them: let that finish before fetch is the real one again.
  await waitFor(() => expect(clients.every((c) => c.isMutating() === 0)).toBe(true));
  clients.length = 0;
  vi.unstubAllGlobals();
});

describe('the review form in the dialog', () => {
  it('starts from a copy of the original and saves a pause after an edit, claiming a free order first', async () => {
    const calls = serve();
    renderForm(<ReviewForm submission={order({ id: 'HP/1 a', claim: null })} onCompleted={() => undefined} />);
    expect(reviewed().value).toBe('The tower opened in 1889 to visitors.');
    expect(screen.getByTestId('autosave-status').textContent).toBe('Drafts save automatically');

    type('The tower opened in 1889 for visitors.');
    await waitFor(() => expect(saves(calls)).toHaveLength(1), { timeout: 5_000 });
    const claim = calls.findIndex((c) => c.method === 'POST' && c.url.endsWith('/claim'));
    expect(claim).toBeGreaterThan(-1);
    expect(claim).toBeLessThan(calls.indexOf(saves(calls)[0]!));
    expect(saves(calls)[0]).toMatchObject({
      url: REVIEW_URL,
      keepalive: false,
      body: { id: 'HP/1 a', reviewedContent: 'The tower opened in 1889 for visitors.', complete: false, version: 3, attachmentMode: 'text' },
    });
    await waitFor(() => expect(screen.getByTestId('autosave-status').textContent).toMatch(/^Draft saved at \d\d:\d\d(:\d\d)?$/));
    expect(screen.getByTestId('changed-words').textContent).toBe('1 word changed');
  });

  it('keeps unsaved edits when it closes and opens again, and saves them as it closes', async () => {
    const calls = serve();
    const first = renderForm(<ReviewForm submission={order({ id: 'HP-keep' })} onCompleted={() => undefined} />);
    type('Edited before closing.');
    first.unmount();
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toMatchObject({ reviewedContent: 'Edited before closing.', complete: false });

    renderForm(<ReviewForm submission={order({ id: 'HP-keep' })} onCompleted={() => undefined} />);
    expect(reviewed().value).toBe('Edited before closing.');
  });

  it('shows a refused save inline with Reload, stops saving by itself, and hands the unsaved text to the page', async () => {
    let refuse = true;
    const latest = order({ reviewedContent: 'Their newer draft.', reviewVersion: 7 });
    const calls = serve((call) => {
      if (call.method === 'PATCH' && refuse) return json(409, { message: TEAM_MESSAGES.staleDraft });
      if (call.method === 'GET' && call.url === `/api/admin/submissions/${encodeURIComponent('HP/1 a')}`) return json(200, latest);
      return undefined;
    });
    const onReload = vi.fn();
    renderForm(<ReviewForm submission={order()} onCompleted={() => undefined} onReload={onReload} />);
    type('My late edit.');
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(screen.getByTestId('review-conflict').textContent).toContain(TEAM_MESSAGES.staleDraft));
    expect(screen.getByTestId('autosave-status').textContent).toBe('');
    expect(reviewed().value).toBe('My late edit.');

    refuse = false;
    type('My later edit.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
    expect(onReload.mock.calls[0]![0]).toMatchObject({ reviewVersion: 7, reviewedContent: 'Their newer draft.' });
    expect(onReload.mock.calls[0]![1]).toEqual({ text: 'My later edit.', notes: '' });
    expect(saves(calls)).toHaveLength(1);
  });

  it('Complete Review sends complete true and reports back; Ctrl+S does nothing outside the workspace', async () => {
    const calls = serve();
    const onCompleted = vi.fn();
    renderForm(<ReviewForm submission={order()} onCompleted={onCompleted} />);
    press('s');
    expect(saves(calls)).toHaveLength(0);
    // Ready once the report's claims are in.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Complete Review' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Complete Review' }));
    // The check before delivery (issue 42) first: nothing sent until Confirm.
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and deliver' }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledTimes(1));
    expect(saves(calls)[0]!.body).toMatchObject({ complete: true, version: 3 });
  });
});

describe('the review form in the workspace', () => {
  it('puts the typed text in the draft when typing pauses: the changed-words count follows it', async () => {
    const calls = serve();
    renderForm(<WorkspaceReviewForm submission={order()} onCompleted={() => undefined} />);
    type('The tower opened in 1889 for visitors.');
    await waitFor(() => expect(screen.getByTestId('changed-words').textContent).toBe('1 word changed'));
    expect(saves(calls)).toHaveLength(0);
  });

  it('Ctrl+S saves the draft at once, even while typing; Ctrl+Enter completes a ready review', async () => {
    const calls = serve();
    const onCompleted = vi.fn();
    renderForm(<WorkspaceReviewForm submission={order()} onCompleted={onCompleted} />);
    type('Saved by key.');
    press('s');
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toMatchObject({ reviewedContent: 'Saved by key.', complete: false, version: 3 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Draft' })).not.toHaveProperty('disabled', true));

    press('Enter', { metaKey: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and deliver' }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledTimes(1));
    expect(saves(calls)[1]!.body).toMatchObject({ complete: true, version: 4 });
  });

  it('Ctrl+Enter opens the check before delivery: what is open, the report and the effort; nothing is sent until Confirm', async () => {
    const calls = serve();
    const onCompleted = vi.fn();
    renderForm(<WorkspaceReviewForm submission={order({ reviewVersion: 3 })} onCompleted={onCompleted} />);
    // The one suggested claim has loaded, and the review is ready.
    await screen.findByRole('button', { name: 'Add to report' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Complete Review' })).toHaveProperty('disabled', false));
    type('The tower opened in 1889 for visitors.');
    const before = calls.length;

    press('Enter');
    const check = await screen.findByRole('dialog', { name: 'Deliver this review?' });
    const line = (label: string) => [...check.querySelectorAll('dt')].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;
    expect(line('Suggested claims not checked')).toBe('1');
    expect(line('Open findings')).toBe('0');
    expect(line('Claims in the report')).toBe('none');
    await waitFor(() => expect(line('Words changed')).toBe('1'));
    expect(line('Certificate: reviewed by')).toBeDefined();
    expect(check.textContent).toContain('Nothing is sent until you confirm.');
    // A second Ctrl+Enter does not deliver either.
    press('Enter');
    expect(calls.slice(before).filter((c) => c.method !== 'GET')).toEqual([]);

    // Cancel: back to the form, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deliver this review?' })).toBeNull());
    expect(saves(calls)).toHaveLength(0);
    expect(onCompleted).not.toHaveBeenCalled();

    // Again, and Confirm: the review goes.
    press('Enter');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and deliver' }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledTimes(1));
    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0]!.body).toMatchObject({ complete: true, reviewedContent: 'The tower opened in 1889 for visitors.' });
  });

  it('Enter in a field of a ready review opens the check too, and never completes it by itself', async () => {
    const calls = serve();
    const onCompleted = vi.fn();
    renderForm(<ReviewForm submission={order()} onCompleted={onCompleted} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Complete Review' })).toHaveProperty('disabled', false));
    fireEvent.submit(reviewed().closest('form')!);
    await screen.findByRole('dialog', { name: 'Deliver this review?' });
    expect(saves(calls)).toHaveLength(0);
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it('sends the last edits with a keepalive request when the page goes away', async () => {
    const calls = serve();
    renderForm(<WorkspaceReviewForm submission={order()} onCompleted={() => undefined} />);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(saves(calls)).toHaveLength(0);

    type('Left the page mid-edit.');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(saves(calls)).toEqual([
      expect.objectContaining({ url: REVIEW_URL, keepalive: true, body: expect.objectContaining({ reviewedContent: 'Left the page mid-edit.', complete: false, version: 3 }) }),
    ]);
  });

  it('keeps a review awaiting its sign-off as it is: read-only text, no Save or Complete, and says why (decision 073)', async () => {
    const calls = serve();
    const pending = {
      id: 's1',
      status: 'pending',
      author: { id: 'u-me', name: 'Me Reviewer' },
      requestedAt: NOW,
      signedBy: null,
      decidedAt: null,
      notes: null,
    } as unknown as AdminSubmission['signOff'];
    renderForm(<WorkspaceReviewForm submission={order({ reviewedContent: 'Done.', attachmentMode: 'text', signOff: pending })} onCompleted={() => undefined} />);
    expect(screen.getByTestId('review-awaiting-sign-off').textContent).toBe(SIGN_OFF_MESSAGES.awaiting);
    expect(screen.getByRole('button', { name: 'Save Draft' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Complete Review' }).hasAttribute('disabled')).toBe(true);
    const editor = reviewed();
    expect(editor.getAttribute('contenteditable')).toBe('false');
    expect(EditorView.findFromDOM(editor)!.state.readOnly).toBe(true);
    press('s');
    press('Enter');
    expect(saves(calls)).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Deliver this review?' })).toBeNull();
  });

  it('counts an added suggestion in the effort record the next save carries', async () => {
    const calls = serve();
    renderForm(<WorkspaceReviewForm submission={order()} onCompleted={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to report' }));
    press('s');
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]!.body).toMatchObject({ effortCounts: { suggestionsAccepted: 1, suggestionsIgnored: 0 } });
  });
});
