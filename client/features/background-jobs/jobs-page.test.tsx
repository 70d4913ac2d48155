import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, UNAUTHORIZED_TOAST } from '@client/lib/query-client';
import { clearNotices, recordSignInRedirect, shownNotice } from '@client/test-support/notices';
import { ADMIN_USER, answer, json, serveApi, SIGNED_OUT } from '@client/test-support/serve-api';
import JobsPage from './jobs-page';

const JOB_ID = '4b0c8a5e-2f57-4a39-9d44-3f0b7c2a9e10';
const OVERVIEW = {
  queues: [{ queue: 'send-email', waiting: 0, active: 0, failed: 1 }],
  failed: [{ id: JOB_ID, queue: 'send-email', failedAt: '2026-11-28T09:00:00.000Z', retries: 2, error: 'Connection refused' }],
};

function renderJobs(retry: Response) {
  serveApi(
    answer('GET', '/api/auth/user', () => json(200, ADMIN_USER)),
    answer('GET', '/api/admin/jobs', () => json(200, OVERVIEW)),
    answer('POST', `/api/admin/jobs/${JOB_ID}/retry`, () => retry),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <JobsPage />
    </QueryClientProvider>,
  );
}

beforeEach(() => void recordSignInRedirect());
afterEach(() => {
  cleanup();
  clearNotices();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the jobs page: Retry that fails (decision 017, one 401 handler)', () => {
  it('signed out: only "Unauthorized" shows, not "Not retried" over it', async () => {
    renderJobs(json(401, SIGNED_OUT));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownNotice()?.title).toBe(UNAUTHORIZED_TOAST.title));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toHaveProperty('disabled', false));
    expect(shownNotice()).toEqual(UNAUTHORIZED_TOAST);
  });

  it('refused: "Not retried" with the server\'s reason', async () => {
    renderJobs(json(404, { message: 'This failed job no longer exists. It may have been retried already.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(shownNotice()).toEqual({ title: 'Not retried', description: 'This failed job no longer exists. It may have been retried already.' }),
    );
  });
});
