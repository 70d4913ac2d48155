import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ORGANISATION_MESSAGES } from '@shared/organisation.schema';
import { createQueryClient, UNAUTHORIZED_TOAST } from '@client/lib/query-client';
import { clearNotices, recordSignInRedirect, shownNotice } from '@client/test-support/notices';
import { answer, json, serveApi, SIGNED_OUT, type ApiCall } from '@client/test-support/serve-api';
import { OrganisationCard } from './organisation-card';

const NOW = '2026-11-28T10:00:00.000Z';
const ORGANISATION = {
  id: 'o1',
  name: 'Bright Words Ltd',
  role: 'owner',
  createdAt: NOW,
  members: [
    { userId: 'u-me', name: 'Olive Owner', email: 'olive@example.com', role: 'owner', joinedAt: NOW, isYou: true },
    { userId: 'u-colin', name: 'Colin Colleague', email: 'colin@example.com', role: 'member', joinedAt: NOW, isYou: false },
  ],
  invitations: [{ id: 'i1', email: 'new@example.com', invitedBy: 'Olive Owner', createdAt: NOW, expiresAt: NOW }],
};

function renderCard(change: (call: ApiCall) => Response) {
  const calls = serveApi(
    answer('GET', '/api/organisation', () => json(200, ORGANISATION)),
    (call) => (call.method !== 'GET' && call.url.startsWith('/api/organisation/') ? change(call) : undefined),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrganisationCard />
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => void recordSignInRedirect());
afterEach(() => {
  cleanup();
  clearNotices();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the organisation card: an action that fails (decision 017, one 401 handler)', () => {
  it.each([
    ['Make Colin Colleague an owner', 'PATCH'],
    ['Withdraw the invitation to new@example.com', 'DELETE'],
  ])('%s, signed out: only "Unauthorized" shows', async (button, method) => {
    const calls = renderCard(() => json(401, SIGNED_OUT));
    fireEvent.click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(calls.some((c) => c.method === method)).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: button })).toHaveProperty('disabled', false));
    expect(shownNotice()).toEqual(UNAUTHORIZED_TOAST);
  });

  it('leaving, signed out: the confirmation closes and only "Unauthorized" shows', async () => {
    renderCard(() => json(401, SIGNED_OUT));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Bright Words Ltd?' });
    expect(within(dialog).getByText(ORGANISATION_MESSAGES.leaveWarning)).toBeDefined();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Leave']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownNotice()).toEqual(UNAUTHORIZED_TOAST);
  });

  it('refused: the server\'s reason, titled "Organisation"', async () => {
    renderCard(() => json(409, { message: 'An organisation keeps at least one owner.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Colin Colleague' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Colin Colleague?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(shownNotice()).toEqual({ title: 'Organisation', description: 'An organisation keeps at least one owner.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the organisation card: inviting a colleague', () => {
  const form = () => screen.findByRole('form', { name: 'Invite a colleague' });
  const field = () => screen.getByLabelText("Colleague's e-mail");

  it('checks the address first, then sends it, says so and empties the field', async () => {
    const calls = renderCard((call) => json(201, { id: 'i2', email: String(call.body?.email), invitedBy: 'Olive Owner', createdAt: NOW, expiresAt: NOW }));
    fireEvent.change(within(await form()).getByLabelText("Colleague's e-mail"), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email')).toBeDefined();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(field(), { target: { value: 'dana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(shownNotice()).toEqual({ title: 'Invitation sent', description: ORGANISATION_MESSAGES.invitationSent('dana@example.com') }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([['/api/organisation/invitations', { email: 'dana@example.com' }]]);
    expect((field() as HTMLInputElement).value).toBe('');
  });

  it("shows a refusal under the field, in the server's words", async () => {
    renderCard(() => json(409, { message: 'dana@example.com is already a member.' }));
    fireEvent.change(within(await form()).getByLabelText("Colleague's e-mail"), { target: { value: 'dana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('dana@example.com is already a member.')).toBeDefined();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect((field() as HTMLInputElement).value).toBe('dana@example.com');
  });
});
