/** The dashboard's rating of a delivered review (issue 44 item 2): stars and a comment, the server's refusal shown. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AUDIT_CUSTOMER_TEXT, RATING_MESSAGES } from '@shared/ratings-audits.schema';
import { createQueryClient } from '@client/lib/query-client';
import { answer, json, serveApi } from '@client/test-support/serve-api';
import { RateDelivery } from './rate-delivery';

const URL = '/api/submissions/s1/rating';
const rated = (stars: number, comment = '') => ({
  canRate: true,
  rating: { stars, comment, deliveryNumber: 1, ratedAt: '2026-11-28T10:00:00.000Z', changeableUntil: '2099-12-12T10:00:00.000Z' },
});

function renderRating() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RateDelivery submissionId="s1" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RateDelivery', () => {
  it('sends the chosen stars and comment, and says a low rating is audited', async () => {
    const calls = serveApi(
      answer('GET', URL, () => json(200, { canRate: true, rating: null })),
      answer('POST', URL, (call) => json(200, rated(call.body!.stars as number, call.body!.comment as string))),
    );
    renderRating();
    fireEvent.click(await screen.findByRole('radio', { name: '2 stars' }));
    expect(screen.getByText(/A second reviewer will audit this review/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'The dates are wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rating' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', RATING_MESSAGES.saved);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ stars: 2, comment: 'The dates are wrong' });
    expect(screen.getByRole('button', { name: 'Update rating' })).toBeTruthy();
  });

  it('shows the saved rating, the audit, and the server\'s message when it refuses a change', async () => {
    serveApi(
      answer('GET', URL, () => json(200, { ...rated(2, 'Good'), auditStatus: 'passed' })),
      answer('POST', URL, () => json(409, { message: RATING_MESSAGES.windowPassed })),
    );
    renderRating();
    const two = await screen.findByRole('radio', { name: '2 stars' });
    expect((two as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('audit-status').textContent).toBe(AUDIT_CUSTOMER_TEXT.passed);
    expect((screen.getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe('Good');
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update rating' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RATING_MESSAGES.windowPassed);
  });

  it('shows nothing for an order that cannot be rated', async () => {
    const calls = serveApi(answer('GET', URL, () => json(200, { canRate: false, rating: null })));
    renderRating();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByText('Loading your rating…')).toBeNull());
    expect(screen.queryByTestId('rate-delivery')).toBeNull();
  });
});
