import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver } from '@tanstack/react-query';
import type * as ToastModule from '@client/components/ui/use-toast';
import type { ToastInput } from '@client/components/ui/use-toast';
import { z } from 'zod';
import { apiJson } from './api';
import { LOGIN_AFTER_401_MS, LOGIN_URL } from './login-redirect';
import { createQueryClient, UNAUTHORIZED_TOAST } from './query-client';

// Records every notice, while the real notice store still runs.
const toasts: ToastInput[] = [];
vi.mock('@client/components/ui/use-toast', async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return {
    ...actual,
    toast: (input: ToastInput) => {
      toasts.push(input);
      return actual.toast(input);
    },
  };
});

// The browser's network is the boundary: fetch answers as the API would.
function serve(status: number, body: unknown = { message: 'Authentication required' }) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toasts.length = 0;
});

const get = (url: string) => () => apiJson(z.unknown(), 'GET', url);
const unauthorizedToasts = () => toasts.filter((t) => t.title === UNAUTHORIZED_TOAST.title);

async function expectSentToSignInOnce() {
  expect(unauthorizedToasts()).toEqual([{ ...UNAUTHORIZED_TOAST, variant: 'destructive' }]);
  await vi.advanceTimersByTimeAsync(LOGIN_AFTER_401_MS - 1);
  expect(assign).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(assign).toHaveBeenCalledTimes(1);
  expect(assign).toHaveBeenCalledWith(LOGIN_URL);
}

describe('the one 401 handler', () => {
  it('a 401 from queries says "Unauthorized" and signs in again after 500 ms, once for several failures', async () => {
    serve(401);
    const client = createQueryClient();
    await Promise.allSettled([
      client.fetchQuery({ queryKey: ['a'], queryFn: get('/api/submissions') }),
      client.fetchQuery({ queryKey: ['b'], queryFn: get('/api/messages/recent') }),
    ]);
    await expectSentToSignInOnce();
  });

  it('a 401 from a mutation does the same, and its own error notice is not shown over it', async () => {
    serve(401);
    const client = createQueryClient();
    const send = new MutationObserver(client, {
      mutationFn: () => apiJson(z.unknown(), 'POST', '/api/messages', { content: 'Hi' }),
      meta: { errorMessage: 'Failed to send message. Please try again.' },
    });
    await send.mutate().catch(() => undefined);
    expect(toasts.map((t) => t.title)).toEqual(['Unauthorized']);
    await expectSentToSignInOnce();
  });

  it('leaves a 401 alone where the call expects it', async () => {
    serve(401);
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['q'], queryFn: get('/api/x'), meta: { handles401: true } }).catch(() => undefined);
    await new MutationObserver(client, { mutationFn: () => apiJson(z.unknown(), 'POST', '/api/submissions', {}), meta: { handles401: true } })
      .mutate()
      .catch(() => undefined);
    await vi.advanceTimersByTimeAsync(5000);
    expect(toasts).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows a mutation's own error notice for other failures, and nothing for a failed query", async () => {
    serve(500, { message: 'boom' });
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['q'], queryFn: get('/api/x') }).catch(() => undefined);
    expect(toasts).toEqual([]);
    await new MutationObserver(client, {
      mutationFn: () => apiJson(z.unknown(), 'PATCH', '/api/profile', {}),
      meta: { errorMessage: 'Failed to update profile. Please try again.' },
    })
      .mutate()
      .catch(() => undefined);
    expect(toasts).toEqual([{ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(assign).not.toHaveBeenCalled();
  });
});
