import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SCORECARD_MESSAGES, type ScorecardRow, type Scorecards } from '@shared/scorecards.schema';
import { createQueryClient } from '@client/lib/query-client';
import { ScorecardsSection } from './scorecards-section';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const RANGE = { from: '2026-06-01', to: '2026-06-07' };

const row = (over: Partial<ScorecardRow>): ScorecardRow => ({
  reviewerId: 'u1',
  name: 'Ana Reviewer',
  deliveries: 2,
  ratings: 2,
  averageRating: 3.5,
  auditsOpened: 1,
  auditsCorrected: 1,
  signOffsReturned: 2,
  onTime: 1,
  onTimeRate: 0.5,
  activeSeconds: 5400,
  wordsPerActiveHour: 1267,
  revisionsRequested: 1,
  ...over,
});

/** Answers the scorecards' request with `answer` (or never, for the loading state); returns the URLs asked for. */
function serve(answer: Scorecards | null, own = false) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return answer ? Promise.resolve(json(answer)) : new Promise<Response>(() => undefined);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ScorecardsSection range={RANGE} own={own} />
    </QueryClientProvider>,
  );
  return urls;
}
const answer = (rows: ScorecardRow[], own = false): Scorecards => ({ range: { ...RANGE, days: 7 }, own, rows });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reviewer scorecards (issue 44 item 5)', () => {
  it('shows one row per reviewer in an accessible table, with "not measured" said so and the sign-offs returned', async () => {
    const urls = serve(answer([row({}), row({ reviewerId: 'u2', name: 'Ben Reviewer', averageRating: null, ratings: 0, onTimeRate: 0, wordsPerActiveHour: null })]));
    const table = await screen.findByRole('table', { name: 'Reviewer scorecards' });
    expect(urls).toEqual(['/api/admin/insights/scorecards?from=2026-06-01&to=2026-06-07']);
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Reviewer',
      'Deliveries',
      'Average rating',
      'Ratings',
      'Audits opened',
      'Audits corrected',
      'Sign-offs returned',
      'On-time rate',
      'Words per active hour',
      'Revisions requested',
    ]);
    expect(within(table).getAllByRole('columnheader').every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    const [, ana, ben] = within(table).getAllByRole('row');
    expect(within(ana!).getByRole('rowheader').textContent).toBe('Ana Reviewer');
    expect(within(ana!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '2',
      '3.5',
      '2',
      '1',
      '1',
      '2',
      '50%',
      '1,267',
      '1',
    ]);
    const benCells = within(ben!).getAllByRole('cell').map((c) => c.textContent);
    expect(benCells[1]).toBe('—');
    expect(benCells[6]).toBe('0%');
    expect(benCells[7]).toBe(SCORECARD_MESSAGES.notMeasured);
  });

  it('shows a skeleton while loading, then the empty state', async () => {
    serve(null);
    expect(screen.getByRole('heading', { name: 'Reviewer scorecards' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('region', { busy: true })).toBeTruthy();
    cleanup();
    serve(answer([]));
    expect(await screen.findByText(SCORECARD_MESSAGES.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('titles a reviewer’s own row, and says when it holds nothing yet', async () => {
    serve(answer([row({})], true), true);
    expect(await screen.findByRole('table', { name: 'Your scorecard' })).toBeTruthy();
    cleanup();
    serve(answer([row({ deliveries: 0, ratings: 0, averageRating: null, auditsOpened: 0, auditsCorrected: 0, onTime: 0, onTimeRate: null, activeSeconds: 0, wordsPerActiveHour: null, revisionsRequested: 0 })], true), true);
    expect(await screen.findByText(SCORECARD_MESSAGES.ownEmpty)).toBeTruthy();
  });

  it('says when the figures could not be loaded, with a way to try again', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ message: 'Review team access required' }, 403))));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ScorecardsSection range={RANGE} own={false} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SCORECARD_MESSAGES.loadFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
