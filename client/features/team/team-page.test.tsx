import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, UNAUTHORIZED_TOAST } from '@client/lib/query-client';
import { clearNotices, recordSignInRedirect, shownNotice } from '@client/test-support/notices';
import { ADMIN_USER, answer, json, serveApi, SIGNED_OUT, type ApiCall, type ApiRoute } from '@client/test-support/serve-api';
import TeamPage from './team-page';

const BEN = { id: 'u-ben', name: 'Ben Reviewer', email: 'ben@example.com', role: 'reviewer', suspended: false, openClaims: 1, manageable: true };

function renderTeam(action: (call: ApiCall) => Response, ...more: ApiRoute[]) {
  const calls = serveApi(
    ...more,
    answer('GET', '/api/auth/user', () => json(200, ADMIN_USER)),
    answer('GET', '/api/admin/team', () => json(200, { members: [BEN], invitations: [] })),
    (call) => (call.url.startsWith('/api/admin/team/members/') ? action(call) : undefined),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TeamPage />
    </QueryClientProvider>,
  );
  return calls;
}

const settled = async (name: string) =>
  waitFor(() => expect(screen.getByRole('button', { name })).toHaveProperty('disabled', false));

beforeEach(() => void recordSignInRedirect());
afterEach(() => {
  cleanup();
  clearNotices();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the team page: a member action that fails (decision 017, one 401 handler)', () => {
  it('signed out: only "Unauthorized" shows, not a second notice over it', async () => {
    renderTeam(() => json(401, SIGNED_OUT));
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(shownNotice()?.title).toBe(UNAUTHORIZED_TOAST.title));
    await settled('Suspend');
    expect(shownNotice()).toEqual(UNAUTHORIZED_TOAST);
  });

  it('refused: the server\'s reason, titled "Error"', async () => {
    renderTeam(() => json(409, { message: 'Ben still holds an order.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(shownNotice()).toEqual({ title: 'Error', description: 'Ben still holds an order.' }));
  });

  it('Remove asks first, Cancel before the destructive Remove, and removes only when confirmed', async () => {
    const calls = renderTeam(() => json(200, { members: [], invitations: [] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ben Reviewer from the review team?' });
    expect(within(dialog).getByText('Their open claims go back to the queue.')).toBeDefined();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Remove']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/team/members/u-ben']));
  });
});

describe('the team page: inviting a reviewer', () => {
  const field = () => screen.getByLabelText("Reviewer's e-mail");
  const invite = (reply: (call: ApiCall) => Response) =>
    renderTeam((call) => json(500, { message: `Not expected: ${call.url}` }), answer('POST', '/api/admin/team/invitations', reply));

  it('checks the address first, then sends it, says so and empties the field', async () => {
    const calls = invite((call) =>
      json(201, { id: 'i1', email: String(call.body?.email), invitedBy: 'Ada Admin', createdAt: '2026-11-28T10:00:00.000Z', expiresAt: '2026-12-05T10:00:00.000Z' }),
    );
    fireEvent.change(within(await screen.findByRole('form', { name: 'Invite a reviewer' })).getByLabelText("Reviewer's e-mail"), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email')).toBeDefined();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(field(), { target: { value: 'rae@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(shownNotice()).toEqual({ title: 'Invitation sent', description: 'rae@example.com has 7 days to accept.' }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ email: 'rae@example.com' }]);
    expect((field() as HTMLInputElement).value).toBe('');
  });

  it("shows a refusal under the field, in the server's words", async () => {
    invite(() => json(409, { message: 'rae@example.com is already on the team.' }));
    fireEvent.change(within(await screen.findByRole('form', { name: 'Invite a reviewer' })).getByLabelText("Reviewer's e-mail"), { target: { value: 'rae@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('rae@example.com is already on the team.')).toBeDefined();
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });
});
