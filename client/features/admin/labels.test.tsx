import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { statusLabel } from '@shared/submission-status';
import type { AdminSubmission } from '@shared/submission.schema';
import { statusChangedMessage } from './advance-status-button';
import { SubmissionDetails } from './submission-dialog';

afterEach(cleanup);

const order = {
  id: 'AB12CD34EF',
  title: 'Launch post',
  status: 'in-review',
  serviceTier: 'fact-checked',
  category: 'blog-post',
  englishVariant: 'british',
  wordCount: 1200,
  amountPence: 4800,
  fastTurnaround: false,
  customerName: 'Casey Customer',
  customerEmail: 'casey@example.com',
  contactName: 'Casey Customer',
  contactEmail: 'casey@example.com',
  contactPhone: '',
  tone: 'Friendly',
  targetAudience: 'Founders',
  createdAt: new Date('2026-01-05T10:00:00Z').toISOString(),
  paidAt: new Date('2026-01-05T10:05:00Z').toISOString(),
  dueDate: new Date('2026-01-08T10:05:00Z').toISOString(),
  completedAt: null,
} as unknown as AdminSubmission;

describe('the admin dialog speaks in labels, not slugs', () => {
  it('shows the category, English variant, tier and status as people read them', () => {
    render(<SubmissionDetails submission={order} />);
    for (const label of ['Blog post', 'British English', 'Fact checked', 'In review']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    const text = document.body.textContent ?? '';
    for (const slug of ['blog-post', 'british', 'fact-checked', 'in-review']) expect(text).not.toContain(slug);
  });

  it('says the status in words in status toasts', () => {
    expect(statusChangedMessage('AB12', 'in-review')).toBe('Submission AB12 is now in review.');
    expect(statusChangedMessage('AB12', 'completed')).toBe('Submission AB12 is now completed.');
    expect(statusLabel('paid')).toBe('Paid');
    // Any other value is shown as it is (spec section 4).
    expect(statusLabel('on-hold')).toBe('on-hold');
  });
});
