/**
 * Result first (issue 45): a delivered order's "View Details" opens on the review with the Word file as the main
 * button, its body is a focusable scroll region, and during a revision delivery 1 stays there, marked as such.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Submission } from '@shared/submission.schema';
import { createQueryClient } from '@client/lib/query-client';
import { answer, json, serveApi } from '@client/test-support/serve-api';
import { SubmissionDetailsDialog } from './submission-details-dialog';
import { SubmissionList } from './submission-list';

const AT = '2026-11-20T10:00:00.000Z';
const ORIGINAL = 'The Eiffel Tower was completed in 1899 and stands in Paris.';
const FIRST = 'The Eiffel Tower was completed in 1889 and stands in Paris.';

function order(over: Partial<Submission> = {}): Submission {
  return {
    id: 'HP123',
    title: 'The Eiffel Tower',
    status: 'completed',
    serviceTier: 'fact-checked',
    category: 'blog',
    wordCount: 11,
    amount: 5,
    amountPence: 500,
    fastTurnaround: false,
    tone: '',
    targetAudience: '',
    englishVariant: 'british',
    contactName: '',
    contactEmail: '',
    contactPhone: '',
    contactWebsite: '',
    content: ORIGINAL,
    instructions: '',
    additionalNotes: '',
    reviewedContent: FIRST,
    reviewerNotes: 'Fixed the date.',
    attachmentMode: 'text',
    documentLink: null,
    noCheckableClaims: false,
    documents: [],
    createdAt: AT,
    paidAt: AT,
    dueDate: AT,
    completedAt: AT,
    refundedPence: 0,
    cancellableUntil: null,
    revisionAvailableUntil: null,
    revisionRequestedAt: null,
    revisionMessage: null,
    ...over,
  } as Submission;
}

function open(submission: Submission) {
  serveApi(
    answer('GET', `/api/submissions/${submission.id}/deliveries`, () =>
      json(200, [{ number: 1, reviewedContent: FIRST, reviewerNotes: 'Fixed the date.', attachmentMode: 'text', documentLink: null, deliveredAt: AT }]),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SubmissionDetailsDialog submission={submission} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'View Details' }));
  return screen.getByRole('dialog');
}

const downloads = (dialog: HTMLElement) => within(dialog).getAllByRole('button', { name: /^Download/ }).map((b) => b.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('View Details of a delivered order', () => {
  it('opens on the result: the Word file first, the notes and the text, the order’s details folded below', () => {
    const dialog = open(order());
    expect(downloads(dialog)).toEqual(['Download Word (tracked changes)', 'Download text', 'Download fact-check report']);
    const review = within(dialog).getByTestId('review-delivery');
    expect(within(review).getByTestId('reviewer-notes').textContent).toBe('Fixed the date.');
    expect(within(review).getByRole('button', { name: 'Show changes' })).toBeTruthy();
    const details = within(dialog).getByTestId('order-details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    // The review comes before the details in reading order.
    expect(review.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).queryByText(/appears here when the review is complete/)).toBeNull();
  });

  it('has a body that keyboard users can focus and scroll (WCAG 2.1.1)', () => {
    const dialog = open(order());
    const body = within(dialog).getByRole('region', { name: 'Order details and review' });
    expect(body.tabIndex).toBe(0);
    expect(body.className).toContain('overflow-y-auto');
  });

  it('keeps the order’s details open while there is no result yet', () => {
    const dialog = open(order({ status: 'paid', reviewedContent: null, reviewerNotes: null, completedAt: null }));
    expect((within(dialog).getByTestId('order-details') as HTMLDetailsElement).open).toBe(true);
    expect(within(dialog).getByText('The reviewed content appears here when the review is complete.')).toBeTruthy();
    expect(within(dialog).queryAllByRole('button', { name: /^Download/ })).toHaveLength(0);
  });

  for (const status of ['revision-requested', 'in-review'] as const) {
    it(`during a revision (${status}) keeps delivery 1: its text, notes and files, marked, with no "appears here"`, async () => {
      const dialog = open(order({ status, reviewedContent: null, reviewerNotes: null, attachmentMode: null, revisionRequestedAt: AT, revisionMessage: 'Shorter please.' }));
      expect(await within(dialog).findByTestId('delivery-label')).toHaveProperty('textContent', 'Delivery 1');
      expect(downloads(dialog)).toEqual(['Download Word (tracked changes)', 'Download text', 'Download fact-check report']);
      expect(within(dialog).getByTestId('reviewer-notes').textContent).toBe('Fixed the date.');
      expect(within(dialog).getByText(/Your revision is being made/)).toBeTruthy();
      expect(within(dialog).queryByText(/appears here when the review is complete/)).toBeNull();
    });
  }
});

describe('the order card', () => {
  it('previews the reviewed text once there is one and says what its Download gives', () => {
    serveApi();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SubmissionList submissions={[order(), order({ id: 'HP124', status: 'paid', reviewedContent: null })]} />
      </QueryClientProvider>,
    );
    const [done, paid] = screen.getAllByTestId('content-preview');
    expect(done!.textContent).toBe(`Reviewed: ${FIRST}`);
    expect(paid!.textContent).toBe(ORIGINAL);
    expect(screen.getByRole('button', { name: 'Download text (.txt)' })).toBeTruthy();
  });
});
