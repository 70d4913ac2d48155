/** Settings → Editorial responsibility (issue 43, decision 060): an owner sets the default; a member reads it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { EDITORIAL_EXPLANATION, EDITORIAL_MESSAGES, type EditorialDefault } from '@shared/editorial.schema';
import { createQueryClient } from '@client/lib/query-client';
import { EditorialCard } from './editorial-card';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(current: EditorialDefault, onPut: (body: unknown) => Response) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'PUT' ? onPut(JSON.parse(String(init.body))) : json(current)));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EditorialCard />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('the editorial responsibility card', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves the default an owner names, with the one-line explanation', async () => {
    const sent: unknown[] = [];
    serve({ owner: 'account', organisationName: null, canEdit: true, editorialResponsibility: null }, (body) => {
      sent.push(body);
      return json({ owner: 'account', organisationName: null, canEdit: true, editorialResponsibility: { name: 'Jane Editor', organisation: 'Example News' } });
    });
    expect(await screen.findByText((text) => text.includes(EDITORIAL_EXPLANATION))).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Editor’s name'), { target: { value: 'Jane Editor' } });
    fireEvent.change(screen.getByLabelText('Editor’s organisation (optional)'), { target: { value: 'Example News' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(EDITORIAL_MESSAGES.saved));
    expect(sent).toEqual([{ editorialResponsibility: { name: 'Jane Editor', organisation: 'Example News' } }]);
  });

  it('shows an organisation member the default without letting them change it', async () => {
    serve({ owner: 'organisation', organisationName: 'Acme Ltd', canEdit: false, editorialResponsibility: { name: 'Olu Owner' } }, () => json({}, 403));
    expect(((await screen.findByLabelText('Editor’s name')) as HTMLInputElement).value).toBe('Olu Owner');
    expect((screen.getByLabelText('Editor’s name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(EDITORIAL_MESSAGES.memberCannotEdit('Acme Ltd'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
