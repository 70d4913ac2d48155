import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@client/lib/query-client';
import { canSendMessage, messageAuthorLabel } from './message-rules';
import { MessagesPanel } from './messages-panel';

describe('message rules', () => {
  it('refuses blank, whitespace-only and over-long messages', () => {
    expect(canSendMessage('')).toBe(false);
    expect(canSendMessage('  \n\t ')).toBe(false);
    expect(canSendMessage('Hi')).toBe(true);
    expect(canSendMessage('x'.repeat(1000))).toBe(true);
    expect(canSendMessage('x'.repeat(1001))).toBe(false);
  });

  it('labels the viewer\'s own side "You" for customers and admins alike', () => {
    expect(messageAuthorLabel(false, false)).toBe('You');
    expect(messageAuthorLabel(true, false)).toBe('HumanProof review team');
    expect(messageAuthorLabel(true, true)).toBe('You');
    expect(messageAuthorLabel(false, true)).toBe('Customer');
    // A colleague's message on an organisation's order is theirs, by name; staff still see the customer's side.
    expect(messageAuthorLabel(false, false, 'Olive Owner')).toBe('Olive Owner');
    expect(messageAuthorLabel(false, true, 'Olive Owner')).toBe('Customer');
    expect(messageAuthorLabel(true, false, 'Olive Owner')).toBe('HumanProof review team');
  });
});

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The browser's network is the boundary here: fetch answers as the API would.
function serve(handler: Handler) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
  return calls;
}

function renderPanel() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MessagesPanel submissionId="SUB123" />
    </QueryClientProvider>,
  );
  return screen.getByLabelText('Your message') as HTMLTextAreaElement;
}

const customer = { id: 'u1', firstName: 'Casey', lastName: null, email: 'c@example.com', profileImageUrl: null, isAdmin: false };
const teamMessage = { id: 'm1', content: 'Welcome!', submissionId: 'SUB123', createdAt: new Date().toISOString(), isFromAdmin: true, attachmentUrl: null };

describe('MessagesPanel', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the thread with labels and sends with Enter, not Shift+Enter, never when blank', async () => {
    const sent: unknown[] = [];
    const calls = serve((url, init) => {
      if (url === '/api/auth/user') return json(200, customer);
      if (url === '/api/messages/SUB123') return json(200, [teamMessage]);
      if (url === '/api/messages/recent') return json(200, []);
      if (url === '/api/messages' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json(201, { ...teamMessage, id: 'm2', isFromAdmin: false });
      }
      return json(404, { message: 'not found' });
    });
    const input = renderPanel();
    expect(await screen.findByText('Welcome!')).toBeTruthy();
    expect(await screen.findByText('HumanProof review team')).toBeTruthy();

    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(send.disabled).toBe(true);

    fireEvent.change(input, { target: { value: 'Line one' } });
    expect(screen.getByText('8/1000')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(sent).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'x'.repeat(1001) } });
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sent).toHaveLength(0);

    fireEvent.change(input, { target: { value: '  Thanks!  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent).toEqual([{ content: 'Thanks!', submissionId: 'SUB123' }]));
    await waitFor(() => expect(input.value).toBe(''));
    // the thread is fetched again after sending
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/messages/SUB123').length).toBeGreaterThanOrEqual(2));
    const attach = screen.getByRole('button', { name: 'Attachments are not available yet' }) as HTMLButtonElement;
    expect(attach.disabled).toBe(true);
  });

  it('keeps the text when sending fails, and sends to sign-in after a 401', async () => {
    let status = 500;
    serve((url, init) => {
      if (url === '/api/auth/user') return json(200, customer);
      if (url === '/api/messages/SUB123') return json(200, []);
      if (url === '/api/messages/recent') return json(200, []);
      if (url === '/api/messages' && init?.method === 'POST') return json(status, { message: 'nope' });
      return json(404, {});
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const input = renderPanel();
    expect(await screen.findByText('No messages yet.')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false));
    expect(input.value).toBe('Keep me');

    status = 401;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'));
    expect(input.value).toBe('Keep me');
  });

  it('shows a 429’s message in the form, keeps the text, and clears it once a message goes', async () => {
    const limit = 'You can send at most 10 messages about one order in 10 minutes. Please try again in 7 minutes.';
    let status = 429;
    serve((url, init) => {
      if (url === '/api/auth/user') return json(200, customer);
      if (url === '/api/messages/SUB123') return json(200, []);
      if (url === '/api/messages/recent') return json(200, []);
      if (url === '/api/messages' && init?.method === 'POST') {
        return status === 429 ? json(429, { message: limit, requestId: 'req-1' }) : json(201, { ...teamMessage, id: 'm3', isFromAdmin: false });
      }
      return json(404, {});
    });
    const input = renderPanel();
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Eleventh note' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(limit);
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(input.value).toBe('Eleventh note');

    status = 201;
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(input.value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
