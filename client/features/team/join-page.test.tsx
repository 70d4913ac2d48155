import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TEAM_MESSAGES } from '@shared/team.schema';
import { createQueryClient } from '@client/lib/query-client';
import { answer, json, serveApi, type ApiRoute } from '@client/test-support/serve-api';
import JoinPage from './join-page';
import { PENDING_INVITATION_KEY } from './pending-invitation';

const BEN = { id: 'u-ben', firstName: 'Ben', lastName: null, email: 'ben@example.com', profileImageUrl: null, isAdmin: false, role: 'customer' };
const LOOKUP = answer('POST', '/api/team/invitations/lookup', () => json(200, { email: 'ben@example.com', expiresAt: '2026-12-05T10:00:00.000Z' }));

function openLink(hash: string, ...routes: ApiRoute[]) {
  window.history.replaceState(null, '', `/team/join${hash}`);
  const calls = serveApi(...routes);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <JoinPage />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the review team join page (decision 021)', () => {
  it('signed out: whom the link invites, sign in or create the account, the token kept for the way back', async () => {
    openLink('#token=tok-1', answer('GET', '/api/auth/user', () => json(200, null)), LOOKUP);
    const invited = await screen.findByText(/^This invitation is for/);
    expect(invited.textContent).toBe(
      'This invitation is for ben@example.com. Sign in to that account, or create one with that address, and you will come back here to accept.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/sign-up');
    expect(window.sessionStorage.getItem(PENDING_INVITATION_KEY)).toBe('tok-1');
  });

  it('signed in: accepting joins with the kept token, forgets it, and leads to the review queue', async () => {
    window.sessionStorage.setItem(PENDING_INVITATION_KEY, 'tok-2');
    const calls = openLink(
      '',
      answer('GET', '/api/auth/user', () => json(200, BEN)),
      LOOKUP,
      answer('POST', '/api/team/invitations/accept', () => json(200, { ...BEN, role: 'reviewer' })),
    );
    expect((await screen.findByText(/^This invitation is for/)).textContent).toBe('This invitation is for ben@example.com. You are signed in as ben@example.com.');
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('status')).textContent).toBe('Welcome to the review team.');
    expect(screen.getByRole('link', { name: 'Open the review queue' }).getAttribute('href')).toBe('/admin');
    expect(calls.find((c) => c.url === '/api/team/invitations/accept')?.body).toEqual({ token: 'tok-2' });
    expect(window.sessionStorage.getItem(PENDING_INVITATION_KEY)).toBeNull();
  });

  it("a refusal shows the server's reason; a refused acceptance stays on the page with it", async () => {
    openLink(
      '#token=tok-3',
      answer('GET', '/api/auth/user', () => json(200, BEN)),
      LOOKUP,
      answer('POST', '/api/team/invitations/accept', () => json(403, { message: 'This invitation is for another address.' })),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation is for another address.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept invitation' })).toHaveProperty('disabled', false));
    expect(window.sessionStorage.getItem(PENDING_INVITATION_KEY)).toBe('tok-3');
  });

  it('a link without a token, or one the server no longer knows, says it is not valid', async () => {
    openLink('', answer('GET', '/api/auth/user', () => json(200, null)));
    expect((await screen.findByRole('alert')).textContent).toBe(TEAM_MESSAGES.invitationInvalid);
    cleanup();
    vi.unstubAllGlobals();
    openLink(
      '#token=tok-4',
      answer('GET', '/api/auth/user', () => json(200, null)),
      answer('POST', '/api/team/invitations/lookup', () => json(410, { message: 'This invitation has expired. Ask an admin for a new one.' })),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation has expired. Ask an admin for a new one.');
  });
});
