import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ORGANISATION_MESSAGES } from '@shared/organisation.schema';
import { createQueryClient } from '@client/lib/query-client';
import { answer, json, serveApi, type ApiRoute } from '@client/test-support/serve-api';
import OrganisationJoinPage from './join-page';
import { PENDING_ORGANISATION_INVITATION_KEY } from './pending-invitation';

const NOW = '2026-11-28T10:00:00.000Z';
const COLIN = { id: 'u-colin', firstName: 'Colin', lastName: null, email: 'colin@example.com', profileImageUrl: null, isAdmin: false, role: 'customer' };
const LOOKUP = answer('POST', '/api/organisation-invitations/lookup', () =>
  json(200, { organisationName: 'Bright Words Ltd', email: 'colin@example.com', expiresAt: NOW }),
);
const JOINED = { id: 'o1', name: 'Bright Words Ltd', role: 'member', createdAt: NOW, members: [], invitations: [] };

function openLink(hash: string, ...routes: ApiRoute[]) {
  window.history.replaceState(null, '', `/organisation/join${hash}`);
  const calls = serveApi(...routes);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrganisationJoinPage />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the organisation join page (decision 043)', () => {
  it('signed out: which organisation invites whom, sign in or create the account, the token kept for the way back', async () => {
    openLink('#token=tok-1', answer('GET', '/api/auth/user', () => json(200, null)), LOOKUP);
    const invited = await screen.findByText(/invited/);
    expect(invited.textContent).toBe(
      'Bright Words Ltd invited colin@example.com. Sign in to that account, or create one with that address, and you will come back here to accept.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/sign-up');
    expect(window.sessionStorage.getItem(PENDING_ORGANISATION_INVITATION_KEY)).toBe('tok-1');
  });

  it('signed in: what joining means; accepting joins with the kept token, forgets it, and leads on', async () => {
    window.sessionStorage.setItem(PENDING_ORGANISATION_INVITATION_KEY, 'tok-2');
    const calls = openLink(
      '',
      answer('GET', '/api/auth/user', () => json(200, COLIN)),
      LOOKUP,
      answer('POST', '/api/organisation-invitations/accept', () => json(200, JOINED)),
      answer('GET', '/api/organisation', () => json(200, JOINED)),
    );
    expect((await screen.findByText(/invited/)).textContent).toBe('Bright Words Ltd invited colin@example.com. You are signed in as colin@example.com.');
    expect(screen.getByText(/^As a member/).textContent).toBe(
      'As a member you see and message on all the organisation’s orders, and the orders you place belong to it.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('status')).textContent).toBe(ORGANISATION_MESSAGES.joined('Bright Words Ltd'));
    expect(screen.getByRole('link', { name: 'Open the orders' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'See the members' }).getAttribute('href')).toBe('/settings');
    expect(calls.find((c) => c.url === '/api/organisation-invitations/accept')?.body).toEqual({ token: 'tok-2' });
    expect(window.sessionStorage.getItem(PENDING_ORGANISATION_INVITATION_KEY)).toBeNull();
  });

  it("a refusal shows the server's reason; a refused acceptance stays on the page with it", async () => {
    openLink(
      '#token=tok-3',
      answer('GET', '/api/auth/user', () => json(200, COLIN)),
      LOOKUP,
      answer('POST', '/api/organisation-invitations/accept', () => json(409, { message: ORGANISATION_MESSAGES.alreadyInOrganisation })),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ORGANISATION_MESSAGES.alreadyInOrganisation);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept invitation' })).toHaveProperty('disabled', false));
    expect(window.sessionStorage.getItem(PENDING_ORGANISATION_INVITATION_KEY)).toBe('tok-3');
  });

  it('a link without a token, or one the server refuses without a reason, says it is not valid', async () => {
    openLink('', answer('GET', '/api/auth/user', () => json(200, null)));
    expect((await screen.findByRole('alert')).textContent).toBe(ORGANISATION_MESSAGES.invitationInvalid);
    cleanup();
    vi.unstubAllGlobals();
    openLink(
      '#token=tok-4',
      answer('GET', '/api/auth/user', () => json(200, null)),
      answer('POST', '/api/organisation-invitations/lookup', () => new Response('', { status: 410 })),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(ORGANISATION_MESSAGES.invitationInvalid);
  });
});
