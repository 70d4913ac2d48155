/** The admin's reassign list asks for a reason when the order's customer blocked the chosen reviewer (decision 074). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { REVIEWER_PREFERENCE_MESSAGES } from '@shared/reviewer-preferences.schema';
import type { AdminSubmission } from '@shared/submission.schema';
import { createQueryClient } from '@client/lib/query-client';
import { ADMIN_USER, answer, json, serveApi } from '@client/test-support/serve-api';
import { ClaimBar } from './claim-bar';

const RITA = { id: 'u-rita', name: 'Rita Reviewer', email: 'rita@example.com', role: 'reviewer', suspended: false, openClaims: 0, manageable: true };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClaimBar: reassigning to a blocked reviewer', () => {
  it('shows the refusal and a reason field, then sends the reason', async () => {
    const calls = serveApi(
      answer('GET', '/api/auth/user', () => json(200, ADMIN_USER)),
      answer('GET', '/api/admin/team', () => json(200, { members: [RITA], invitations: [] })),
      answer('POST', '/api/admin/submissions/HP1/assign', (call) =>
        call.body?.reason ? json(409, { message: 'Recorded' }) : json(400, { message: REVIEWER_PREFERENCE_MESSAGES.reasonRequired }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ClaimBar submission={{ id: 'HP1', claim: null } as AdminSubmission} part="reassign" />
      </QueryClientProvider>,
    );
    await screen.findByRole('option', { name: 'Rita Reviewer (reviewer)' });
    fireEvent.change(screen.getByLabelText('Reassign to'), { target: { value: 'u-rita' } });
    expect(screen.queryByLabelText(/^Reason/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText(REVIEWER_PREFERENCE_MESSAGES.reasonRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Only Rita reads Welsh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { userId: 'u-rita' },
      { userId: 'u-rita', reason: 'Only Rita reads Welsh' },
    ]);
  });
});
