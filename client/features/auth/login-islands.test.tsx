/**
 * /login without React (decision 076): the island draws "Your submission is ready" as the React page draws it once
 * hydrated, in the same place, and the notice the order form carried here as the app's toaster draws it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { createQueryClient } from '@client/lib/query-client';
import { PENDING_SUBMISSION_KEY } from '@client/lib/pending-submission';
import { CARRIED_TOAST_KEY, takeCarriedToast } from '@client/components/ui/carried-toast';
import { showStaticToast } from '@client/components/ui/static-toast';
import { Toaster } from '@client/components/ui/toaster';
import { dismissToast, toast, visibleToasts } from '@client/components/ui/use-toast';
import LoginPage from './login-page';
import { installPendingOrderIsland } from './login-island';
import { normalisedMarkup } from '@client/test-support/normalised-markup';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

const normalised = (element: Element | null) => normalisedMarkup(element, ['id', 'xmlns', 'style', 'tabindex', 'data-radix-collection-item', 'data-swipe-direction', 'aria-live', 'aria-atomic', 'data-radix-toast-announce-exclude']);

function renderLogin(): HTMLElement {
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <Router ssrPath="/login">
        <LoginPage />
      </Router>
    </QueryClientProvider>,
  );
  return container;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  for (const t of visibleToasts()) dismissToast(t.id);
  vi.useRealTimers();
});

describe("/login's island", () => {
  it('draws the waiting order as the React page does, below the cards; nothing without one', async () => {
    const reactPage = renderLogin();
    const pristine = document.createElement('div');
    pristine.innerHTML = reactPage.innerHTML;
    installPendingOrderIsland(pristine);
    expect(pristine.querySelector('[role="status"]')).toBeNull();
    cleanup();

    for (const pending of [
      { content: words(1200), serviceTier: 'polished', fastTurnaround: true },
      { content: words(10), serviceTier: 'fact-checked', moreParts: [words(20)] },
    ]) {
      localStorage.setItem(PENDING_SUBMISSION_KEY, JSON.stringify(pending));
      const island = document.createElement('div');
      island.innerHTML = pristine.innerHTML;
      document.body.append(island);
      installPendingOrderIsland(island);
      const react = renderLogin();
      await waitFor(() => expect(react.querySelector('[role="status"]')).not.toBeNull());
      expect(island.querySelector('[role="status"]')!.previousElementSibling).toBe(island.querySelector('[data-login-cards]'));
      expect(normalised(island.firstElementChild)).toBe(normalised(react.firstElementChild));
      cleanup();
      island.remove();
    }
  });

  it('shows the carried notice once, as the app\'s toaster draws it, and closes it by its button or Escape', async () => {
    const notice = { title: 'Authentication Required', description: 'Please sign in to submit your content for review.' };
    render(<Toaster />);
    act(() => {
      toast(notice);
    });
    const reactItem = await screen.findByText(notice.title, { selector: 'li *' });
    const reactToast = reactItem.closest('li')!;

    sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify(notice));
    const carried = takeCarriedToast();
    expect(carried).toEqual(notice);
    expect(takeCarriedToast()).toBeNull();
    showStaticToast(carried!);
    const items = [...document.querySelectorAll('li[data-variant]')];
    const staticToast = items.find((li) => li !== reactToast)!;
    expect(normalised(staticToast.querySelector('button'))).toBe(normalised(reactToast.querySelector('button')));
    expect(staticToast.className.split(' ').sort()).toEqual(
      reactToast.className.split(' ').filter((c) => !c.startsWith('data-[swipe')).sort(),
    );
    expect(staticToast.textContent).toBe(reactToast.textContent);
    expect(staticToast.getAttribute('role')).toBe('status');
    expect(staticToast.closest('[data-toast-region]')!.className).toBe(reactToast.closest('[data-toast-region]')!.className);

    staticToast.querySelector('button')!.click();
    expect(document.body.contains(staticToast)).toBe(false);
    showStaticToast(notice);
    const again = [...document.querySelectorAll('li[data-variant]')].find((li) => li !== reactToast)!;
    again.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(document.body.contains(again)).toBe(false);
  });

  it('goes by itself after its time, but not while the pointer or the focus is on it', () => {
    vi.useFakeTimers();
    showStaticToast({ title: 'Saved' }, 1000);
    const item = document.querySelector('li[data-variant]')!;
    item.dispatchEvent(new Event('pointerenter'));
    vi.advanceTimersByTime(5000);
    expect(document.body.contains(item)).toBe(true);
    item.dispatchEvent(new Event('pointerleave'));
    vi.advanceTimersByTime(1000);
    expect(document.body.contains(item)).toBe(false);
  });
});
