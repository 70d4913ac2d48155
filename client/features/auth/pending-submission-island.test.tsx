/** /login's pending-order box without React (decision 071) is the box React draws, in the same place. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@client/lib/query-client';
import { PENDING_SUBMISSION_KEY } from '@client/lib/pending-submission';
import LoginPage from './login-page';
import { installPendingSubmissionIsland } from './pending-submission-island';

function renderWithReact(page: React.ReactNode): HTMLElement {
  const client = createQueryClient();
  const { container } = render(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
  return container;
}

/**
 * The markup without what differs by renderer alone: React's generated ids and the references to them, the order of
 * attributes, and lucide's own class names on its icons.
 */
function normalised(element: Element): string {
  const IGNORED = new Set(['id', 'aria-labelledby', 'aria-controls', 'aria-describedby', 'for', 'xmlns']);
  const walk = (node: Node): string => {
    if (node.nodeType === 3) return node.textContent ?? ''; // text
    if (node.nodeType !== 1) return '';
    const element = node as Element;
    const attributes = [...element.attributes]
      .filter((a) => !IGNORED.has(a.name))
      .map((a) => (a.name === 'class' ? `class="${a.value.split(/\s+/).filter((c) => c && !c.startsWith('lucide')).sort().join(' ')}"` : `${a.name}="${a.value}"`))
      .sort();
    const tag = element.tagName.toLowerCase();
    return `<${tag} ${attributes.join(' ')}>${[...element.childNodes].map(walk).join('')}</${tag}>`;
  };
  return walk(element);
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
});

describe("/login's pending-order box", () => {
  it('appears below the cards, as React draws it, only when an order waits', async () => {
    localStorage.setItem(PENDING_SUBMISSION_KEY, '{}');
    const reactPage = renderWithReact(<LoginPage />);
    await waitFor(() => expect(reactPage.textContent).toContain('Your submission is ready'));
    const reactBox = normalised(reactPage.querySelector('[role="status"]')!);
    cleanup();

    localStorage.clear();
    const html = (() => {
      const page = renderWithReact(<LoginPage />);
      const markup = page.innerHTML;
      cleanup();
      return markup;
    })();
    const without = document.createElement('div');
    without.innerHTML = html;
    document.body.append(without);
    installPendingSubmissionIsland();
    expect(without.textContent).not.toContain('Your submission is ready');

    document.body.innerHTML = '';
    localStorage.setItem(PENDING_SUBMISSION_KEY, '{}');
    const withOrder = document.createElement('div');
    withOrder.innerHTML = html;
    document.body.append(withOrder);
    await act(async () => installPendingSubmissionIsland());
    const box = withOrder.querySelector('[role="status"]')!;
    expect(normalised(box)).toBe(reactBox);
    expect(box.previousElementSibling?.getAttribute('data-island')).toBe('pending-submission');
  });
});

