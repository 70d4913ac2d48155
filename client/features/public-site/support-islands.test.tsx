/**
 * The support pages' islands (decision 071) draw what the React pages draw: each test renders the page with React,
 * takes its HTML as the pre-rendered page would have it, runs the island on that HTML, and compares what the island
 * shows with what React shows after the same action.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@client/lib/query-client';
import { answer, json, serveApi } from '@client/test-support/serve-api';
import HelpCenterPage from './help-center-page';
import { installHelpCenterIsland } from './help-center-island';
import { installServiceStatusIslands } from './components/service-status-island';
import { installContactFormIslands } from './components/contact-form-island';
import { normalisedMarkup } from '@client/test-support/normalised-markup';

/** A guard against a hang on a busy machine, not a measure: the states below come in milliseconds. */
const WAIT = { timeout: 15_000 };

const HEALTHY = answer('GET', '/healthz', () => json(200, { status: 'ok', database: 'ok', dataDir: 'writable' }));

function renderWithReact(page: React.ReactNode): HTMLElement {
  const client = createQueryClient();
  const { container } = render(<QueryClientProvider client={client}>{page}</QueryClientProvider>);
  return container;
}

/**
 * The markup without what differs by renderer alone: React's generated ids and the references to them, the order of
 * attributes, and lucide's own class names on its icons.
 */
const normalised = (element: Element) => normalisedMarkup(element, ['id', 'aria-labelledby', 'aria-controls', 'aria-describedby', 'for', 'xmlns']);

/** The page's HTML as the server sent it, in a document of its own: no React owns it. */
function staticCopy(container: HTMLElement): HTMLElement {
  const copy = document.createElement('div');
  copy.innerHTML = container.innerHTML;
  document.body.append(copy);
  return copy;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe("the help center's island", () => {
  it('shows the results React shows for a query, the same words and markup, and the browsing sections again for none', async () => {
    serveApi(HEALTHY);
    const reactPage = renderWithReact(<HelpCenterPage />);
    const pristine = reactPage.innerHTML;
    const reactInput = reactPage.querySelector<HTMLInputElement>('input[type="search"]')!;
    const reactResultsFor = (query: string) => {
      fireEvent.change(reactInput, { target: { value: query } });
      return normalised(reactPage.querySelector('#help-results')!);
    };
    const reactRefund = reactResultsFor('refund');
    const reactNothing = reactResultsFor('xyzzy');
    expect(reactRefund).toContain('Can I get a refund?');
    cleanup();

    const island = document.createElement('div');
    island.innerHTML = pristine;
    document.body.append(island);
    installHelpCenterIsland();
    const input = island.querySelector<HTMLInputElement>('input[type="search"]')!;
    const browse = island.querySelector('#help-results [data-help-browse]');
    const type = (query: string) => {
      input.value = query;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('refund');
    expect(normalised(island.querySelector('#help-results')!)).toBe(reactRefund);
    expect(island.textContent).not.toContain('How to submit your first piece of content');

    type('xyzzy');
    expect(island.querySelector('[role="status"]')!.textContent).toBe('No articles match "xyzzy". Try another word, or contact our support team.');
    expect(normalised(island.querySelector('#help-results')!)).toBe(reactNothing);

    type('  ');
    expect(island.querySelector('#help-results [data-help-browse]')).toBe(browse);
    expect(island.textContent).toContain('How to submit your first piece of content');
  });

  it('takes up a query typed before it was installed', () => {
    serveApi(HEALTHY);
    const copy = staticCopy(renderWithReact(<HelpCenterPage />));
    cleanup();
    copy.querySelector<HTMLInputElement>('input[type="search"]')!.value = 'revision';
    installHelpCenterIsland();
    expect(copy.querySelector('#help-results h2')!.textContent).toBe('Search results');
    expect(copy.querySelector('[role="status"]')!.textContent).toMatch(/matche?s? "revision"\.$/);
  });
});

describe("the status line's island", () => {
  it('says what /healthz answered, as the React card does', async () => {
    const calls = serveApi(HEALTHY);
    const reactPage = renderWithReact(<HelpCenterPage />);
    await waitFor(() => expect(reactPage.textContent).toContain('All systems operational'), WAIT);
    const reactLine = normalised(reactPage.querySelector('[data-island="service-status"]')!);
    cleanup();
    vi.unstubAllGlobals();

    serveApi(answer('GET', '/healthz', () => json(503, { status: 'down' })));
    const copy = staticCopy(renderWithReact(<HelpCenterPage />));
    cleanup();
    const line = copy.querySelector<HTMLElement>('[data-island="service-status"]')!;
    expect(line.textContent).toBe('Checking service status...');
    installServiceStatusIslands();
    await waitFor(() => expect(line.textContent).toBe('Some services are having problems. We are on it.'), WAIT);
    expect(line.querySelector('span')!.className).toContain('bg-red-600');

    vi.unstubAllGlobals();
    serveApi(HEALTHY);
    const again = staticCopy(renderWithReact(<HelpCenterPage />));
    cleanup();
    installServiceStatusIslands(again);
    const upLine = again.querySelector('[data-island="service-status"]')!;
    await waitFor(() => expect(upLine.textContent).toBe('All systems operational'), WAIT);
    expect(normalised(upLine)).toBe(reactLine);
    expect(calls.some((call) => call.url === '/healthz')).toBe(true);
  });
});

describe("the contact form's island", () => {
  async function staticContactForm(): Promise<HTMLFormElement> {
    const { ContactForm } = await import('./components/contact-form');
    const copy = staticCopy(renderWithReact(<ContactForm />));
    cleanup();
    installContactFormIslands(copy);
    return copy.querySelector('form')!;
  }
  const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const submit = (form: HTMLFormElement) => form.requestSubmit();
  /** Waits until `selector` matches in `root`. */
  const found = (root: ParentNode, selector: string) =>
    waitFor(() => {
      const element = root.querySelector<HTMLElement>(selector);
      expect(element).not.toBeNull();
      return element!;
    }, WAIT);

  it('refuses a bad form with the schema’s messages, under each field and in a summary that takes the focus', async () => {
    const calls = serveApi();
    const form = await staticContactForm();
    field(form, 'email').value = 'not-an-email';
    field(form, 'message').value = 'short';
    submit(form);
    const summary = await found(form, '[role="alert"][tabindex="-1"]');
    expect(document.activeElement).toBe(summary);
    expect([...summary.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Please enter your first name',
      'Please enter your last name',
      'Please enter a valid email',
      'Please enter a subject',
      'Please write a message of at least 10 characters',
    ]);
    expect(field(form, 'firstName').getAttribute('aria-invalid')).toBe('true');
    const describedBy = field(form, 'subject').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Please enter a subject');
    summary.querySelectorAll('a')[3]!.click();
    expect(document.activeElement).toBe(field(form, 'subject'));
    // Once refused, the messages follow the typing.
    field(form, 'firstName').value = 'Ada';
    field(form, 'firstName').dispatchEvent(new Event('input', { bubbles: true }));
    await waitFor(() => expect(field(form, 'firstName').getAttribute('aria-invalid')).toBe('false'), WAIT);
    expect(calls).toEqual([]);
  });

  it('takes the fields a link prefills (Ask for a quote), never over what was typed, cut to each field’s length', async () => {
    window.history.replaceState(null, '', `/contact?subject=${encodeURIComponent('Quote: 4,200 words')}&firstName=Ada&message=${'x'.repeat(6000)}`);
    try {
      const { ContactForm } = await import('./components/contact-form');
      const copy = staticCopy(renderWithReact(<ContactForm />));
      cleanup();
      const form = copy.querySelector('form')!;
      field(form, 'firstName').value = 'Grace';
      installContactFormIslands(copy);
      expect(field(form, 'subject').value).toBe('Quote: 4,200 words');
      expect(field(form, 'firstName').value).toBe('Grace');
      expect(field(form, 'message').value.length).toBe(field(form, 'message').maxLength);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('sends the trimmed message once, thanks the visitor, and starts again empty', async () => {
    const calls = serveApi(answer('POST', '/api/contact', () => json(201, { message: 'Message sent' })));
    const form = await staticContactForm();
    for (const [name, value] of Object.entries({ firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com', subject: 'Launch', message: 'Twelve landing pages to check.' })) {
      field(form, name).value = value;
    }
    submit(form);
    const thanks = await found(form.parentElement!, '[role="status"]');
    expect(thanks.textContent).toContain('Message sent');
    expect(form.hidden).toBe(true);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/contact', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'Launch', message: 'Twelve landing pages to check.' }],
    ]);
    thanks.querySelector('button')!.click();
    expect(form.hidden).toBe(false);
    expect(field(form, 'firstName').value).toBe('');
    expect(document.activeElement).toBe(field(form, 'firstName'));
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    serveApi(answer('POST', '/api/contact', () => json(429, { message: 'Too many messages. Please try again later.' })));
    const form = await staticContactForm();
    for (const [name, value] of Object.entries({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'Launch', message: 'Twelve landing pages to check.' })) {
      field(form, name).value = value;
    }
    submit(form);
    await waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBe('Too many messages. Please try again later.'), WAIT);
    expect(field(form, 'message').value).toBe('Twelve landing pages to check.');
    expect(form.querySelector('button[type="submit"]')!.hasAttribute('aria-disabled')).toBe(false);
  });
});
