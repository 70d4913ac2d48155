import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { SIGN_OFF_MESSAGES, type SignOff } from '@shared/sign-offs.schema';
import type { AdminSubmission } from '@shared/submission.schema';
import { createQueryClient } from '@client/lib/query-client';
import { queryKeys } from '@client/lib/query-keys';
import { SignOffPanel } from './sign-off-panel';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const pending: SignOff = {
  id: 'S1',
  status: 'pending',
  author: { id: 'rita', name: 'Rita Reviewer' },
  requestedAt: '2026-06-02T10:00:00.000Z',
  signedBy: null,
  decidedAt: null,
  notes: null,
};
const order = (signOff: SignOff | null, status = 'in-review') => ({ id: 'ORDER1', status, signOff }) as unknown as AdminSubmission;

/** Renders the panel for the signed-in `userId`; answers the sign-off POST with `answer`; returns the bodies sent. */
function show(submission: AdminSubmission, userId: string, answer: Response = json({ ...pending, status: 'approved' })) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/admin/submissions/ORDER1/sign-off') sent.push(JSON.parse(String(init?.body)));
      return Promise.resolve(url.endsWith('/sign-off') ? answer.clone() : json({}));
    }),
  );
  const client = createQueryClient();
  client.setQueryData(queryKeys.currentUser, { id: userId, email: `${userId}@example.com`, name: userId, firstName: null, lastName: null, isAdmin: false, isReviewer: true } as never);
  render(
    <QueryClientProvider client={client}>
      <SignOffPanel submission={submission} />
    </QueryClientProvider>,
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-off panel (decision 073)', () => {
  it('tells the author it waits for someone else, with no way to sign it off themselves', () => {
    show(order(pending), 'rita');
    expect(screen.getByRole('heading', { name: 'Awaiting sign-off' })).toBeTruthy();
    expect(screen.getByText('You completed this review, so another reviewer signs it off.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve and deliver' })).toBeNull();
  });

  it('lets another reviewer approve, or return it only with notes', async () => {
    const user = userEvent.setup();
    const sent = show(order(pending), 'ben');
    const returnButton = screen.getByRole('button', { name: 'Return with notes' }) as HTMLButtonElement;
    expect(returnButton.disabled).toBe(true);
    await user.type(screen.getByLabelText('Notes for Rita Reviewer (needed to return it)'), 'Fix the date in line 2.');
    expect(returnButton.disabled).toBe(false);
    await user.click(returnButton);
    await waitFor(() => expect(sent).toEqual([{ outcome: 'returned', notes: 'Fix the date in line 2.' }]));
    await user.click(screen.getByRole('button', { name: 'Approve and deliver' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ outcome: 'approved', notes: 'Fix the date in line 2.' });
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    show(order(pending), 'ben', json({ message: SIGN_OFF_MESSAGES.notAwaiting }, 409));
    await user.click(screen.getByRole('button', { name: 'Approve and deliver' }));
    expect(await screen.findByText(SIGN_OFF_MESSAGES.notAwaiting)).toBeTruthy();
  });

  it('shows a returned review’s notes while it is back in review, and nothing for an order never sampled', () => {
    const returned: SignOff = { ...pending, status: 'returned', signedBy: { id: 'ben', name: 'Ben Reviewer' }, decidedAt: '2026-06-02T11:00:00.000Z', notes: 'Fix the date.' };
    show(order(returned), 'rita');
    expect(screen.getByRole('heading', { name: 'Returned by the second reviewer' })).toBeTruthy();
    expect(screen.getByText('Fix the date.')).toBeTruthy();
    cleanup();
    show(order(null), 'rita');
    expect(screen.queryByTestId('sign-off-panel')).toBeNull();
  });
});
