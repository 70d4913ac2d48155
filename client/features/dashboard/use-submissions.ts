import { useQuery } from '@tanstack/react-query';
import type { Message } from '@shared/message.schema';
import type { Submission } from '@shared/submission.schema';

export const SUBMISSIONS_KEY = ['/api/submissions'] as const;
export const SUBMISSIONS_POLL_MS = 30_000;
export const RECENT_ACTIVITY_COUNT = 3;

/** The customer's own submissions, newest first; polled every 30 s and refetched on window focus (spec 7). */
export function useSubmissions() {
  return useQuery<Submission[]>({
    queryKey: SUBMISSIONS_KEY,
    refetchInterval: SUBMISSIONS_POLL_MS,
    refetchOnWindowFocus: true,
    // Focus refetches only stale data, and the app default never goes stale.
    staleTime: 0,
    select: (list) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  });
}

/** The "messages" counter: how many unread team messages GET /api/messages/recent answers. */
export function useRecentMessageCount(): number | undefined {
  const { data, isError } = useQuery<Message[]>({ queryKey: ['/api/messages/recent'], refetchInterval: SUBMISSIONS_POLL_MS });
  return data?.length ?? (isError ? 0 : undefined);
}

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
