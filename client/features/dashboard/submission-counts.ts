import type { Submission } from '@shared/submission.schema';

export const RECENT_ACTIVITY_COUNT = 3;

export interface SubmissionCounts {
  total: number;
  inReview: number;
  completed: number;
}

export function countSubmissions(list: readonly Pick<Submission, 'status'>[]): SubmissionCounts {
  return {
    total: list.length,
    inReview: list.filter((s) => s.status === 'in-review').length,
    completed: list.filter((s) => s.status === 'completed').length,
  };
}
