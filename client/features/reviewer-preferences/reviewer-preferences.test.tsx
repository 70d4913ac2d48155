/** Settings → Reviewers and the order's Prefer/Block control (issue 44 item 4, decision 074). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { REVIEWER_PREFERENCE_MESSAGES, type ReviewerPreferenceItem, type ReviewerPreferenceList } from '@shared/reviewer-preferences.schema';
import { dismissToast, visibleToasts } from '@client/components/ui/use-toast';
import { createQueryClient } from '@client/lib/query-client';
import { answer, json, serveApi } from '@client/test-support/serve-api';
import { BlockedAssignmentNotes } from './blocked-assignment-notes';
import { ReviewerPreferenceControl } from './reviewer-preference-control';
import { ReviewersCard } from './reviewers-card';

const item = (over: Partial<ReviewerPreferenceItem>): ReviewerPreferenceItem => ({
  id: 'P1',
  pseudonym: 'Rita R. (reviewer 7)',
  preference: 'blocked',
  orderId: 'HP123',
  orderTitle: 'Launch post',
  setAt: '2026-11-20T10:00:00.000Z',
  scope: 'account',
  canUndo: true,
  ...over,
});

const withClient = (node: ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const t of visibleToasts()) dismissToast(t.id);
});

describe('Settings → Reviewers', () => {
  it('lists each preference by pseudonym with its order and date; Undo removes it and says so', async () => {
    let list: ReviewerPreferenceList = {
      organisationName: 'Acme',
      items: [item({}), item({ id: 'P2', pseudonym: 'Vera R. (reviewer 9)', preference: 'preferred', scope: 'organisation', canUndo: false })],
    };
    const calls = serveApi(
      answer('GET', '/api/reviewer-preferences', () => json(200, list)),
      answer('DELETE', '/api/reviewer-preferences/P1', () => {
        list = { ...list, items: list.items.filter((i) => i.id !== 'P1') };
        return new Response(null, { status: 204 });
      }),
    );
    withClient(<ReviewersCard />);
    const rows = await screen.findAllByTestId('reviewer-preference');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Rita R. (reviewer 7)');
    expect(rows[0]!.textContent).toContain('Blocked');
    expect(rows[0]!.textContent).toContain('“Launch post” (HP123)');
    expect(rows[0]!.textContent).toContain('20 Nov 2026');
    expect(rows[1]!.textContent).toContain('For Acme');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    const undo = within(rows[0]!).getByRole('button', { name: 'Undo: Rita R. (reviewer 7) blocked' });
    undo.focus();
    expect(document.activeElement).toBe(undo);
    fireEvent.click(undo);
    await waitFor(() => expect(screen.getAllByTestId('reviewer-preference')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/reviewer-preferences/P1']);
    await waitFor(() => expect(visibleToasts()[0]).toMatchObject({ title: 'Rita R. (reviewer 7): no longer blocked', description: REVIEWER_PREFERENCE_MESSAGES.cleared }));
  });

  it('puts the row back, with the reason, when the server refuses the Undo', async () => {
    serveApi(
      answer('GET', '/api/reviewer-preferences', () => json(200, { organisationName: null, items: [item({})] })),
      answer('DELETE', '/api/reviewer-preferences/P1', () => json(403, { message: REVIEWER_PREFERENCE_MESSAGES.ownersOnly })),
    );
    withClient(<ReviewersCard />);
    fireEvent.click(await screen.findByRole('button', { name: /^Undo/ }));
    await waitFor(() => expect(visibleToasts()[0]).toMatchObject({ title: 'Could not undo', description: REVIEWER_PREFERENCE_MESSAGES.ownersOnly, variant: 'destructive' }));
    expect(await screen.findAllByTestId('reviewer-preference')).toHaveLength(1);
  });
});

describe('the order’s Prefer / Block control', () => {
  const URL = '/api/submissions/HP123/reviewer-preference';

  it('names the reviewer by pseudonym, blocks, and a second press clears it', async () => {
    const calls = serveApi(
      answer('GET', URL, () => json(200, { reviewer: { pseudonym: 'Rita R. (reviewer 7)' }, preference: null, canSet: true })),
      answer('PUT', URL, (call) => json(200, { reviewer: { pseudonym: 'Rita R. (reviewer 7)' }, preference: call.body!.preference, canSet: true })),
    );
    withClient(<ReviewerPreferenceControl submissionId="HP123" />);
    expect((await screen.findByTestId('reviewer-preference-control')).textContent).toContain('Reviewed by Rita R. (reviewer 7)');
    const block = screen.getByRole('button', { name: 'Block' });
    expect(block.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(block);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', REVIEWER_PREFERENCE_MESSAGES.saved.blocked);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Block' }).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(REVIEWER_PREFERENCE_MESSAGES.cleared));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ preference: 'blocked' }, { preference: null }]);
  });

  it('shows an organisation member the owners’ choice without buttons, and nothing before a delivery', async () => {
    serveApi(
      answer('GET', URL, () => json(200, { reviewer: { pseudonym: 'Rita R.' }, preference: 'preferred', canSet: false })),
      answer('GET', '/api/submissions/HP9/reviewer-preference', () => json(200, { reviewer: null, preference: null, canSet: false })),
    );
    withClient(
      <>
        <ReviewerPreferenceControl submissionId="HP123" />
        <ReviewerPreferenceControl submissionId="HP9" />
      </>,
    );
    expect(await screen.findByText('Your organisation prefers this reviewer.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByTestId('reviewer-preference-control')).toHaveLength(1);
  });
});

describe('the review team’s note of an assignment to a blocked reviewer', () => {
  it('says who was given the order, by whom and why; nothing when there is none', async () => {
    serveApi(
      answer('GET', '/api/admin/submissions/HP1/blocked-assignments', () =>
        json(200, { assignments: [{ reviewerName: 'Rita Reviewer', assignedByName: 'Ada Admin', reason: 'Only Rita reads Welsh', createdAt: '2026-11-28T10:00:00.000Z' }] }),
      ),
      answer('GET', '/api/admin/submissions/HP2/blocked-assignments', () => json(200, { assignments: [] })),
    );
    withClient(
      <>
        <BlockedAssignmentNotes submissionId="HP1" />
        <BlockedAssignmentNotes submissionId="HP2" />
      </>,
    );
    const notes = await screen.findByTestId('blocked-assignments');
    expect(notes.textContent).toContain('Given to Rita Reviewer, whom the customer blocked');
    expect(notes.textContent).toContain('by Ada Admin');
    expect(notes.textContent).toContain('Reason: Only Rita reads Welsh');
    await waitFor(() => expect(screen.getAllByTestId('blocked-assignments')).toHaveLength(1));
  });
});
