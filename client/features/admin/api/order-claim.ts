import { useMutation, useQuery } from '@tanstack/react-query';
import { adminSubmissionSchema, type AdminSubmission } from '@shared/submission.schema';
import { teamSchema } from '@shared/team.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { useReplaceInQueue } from './update-submission';

const path = (id: string, action: string) => `/api/admin/submissions/${encodeURIComponent(id)}/${action}`;

/** GET /api/admin/submissions/{id}: the order as it is now (the dialog's Reload after a conflict). */
export function getAdminSubmission(id: string): Promise<AdminSubmission> {
  return apiJson(adminSubmissionSchema, 'GET', `/api/admin/submissions/${encodeURIComponent(id)}`);
}

/**
 * The whole order, text included: the workspace page's, and the quick-view dialog's (the queue's rows hold a preview
 * only, decision 037). A 404 for an id that does not exist reaches the page as an ApiError. `fresh`: fetched again
 * each time a component using it mounts (the dialog, opened from a queue that may be minutes old).
 */
export function useAdminSubmission(id: string, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.admin.submission(id),
    queryFn: () => getAdminSubmission(id),
    retry: false,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

/** POST .../claim: the order is the caller's until they release it, complete it, or it lapses (decision 021). */
export function claimOrder(id: string): Promise<AdminSubmission> {
  return apiJson(adminSubmissionSchema, 'POST', path(id, 'claim'));
}

export function releaseOrder(id: string): Promise<AdminSubmission> {
  return apiJson(adminSubmissionSchema, 'POST', path(id, 'release'));
}

/**
 * POST .../assign (admins): to a team member, or back to the queue with null. `reason`: why, when the order's customer
 * blocked that reviewer (decision 074; the server asks for it with a 400).
 */
export function assignOrder({ id, userId, reason }: { id: string; userId: string | null; reason?: string }): Promise<AdminSubmission> {
  return apiJson(adminSubmissionSchema, 'POST', path(id, 'assign'), reason ? { userId, reason } : { userId });
}

/** Claim, release and assign share one shape: the fresh order goes into every cached queue page. Errors show inline. */
export function useClaimAction<T>(action: (input: T) => Promise<AdminSubmission>) {
  const replace = useReplaceInQueue();
  return useMutation({ mutationFn: action, onSuccess: replace });
}

/** The team, for an admin's reassign list. */
export function useTeamMembers(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.team,
    queryFn: () => apiJson(teamSchema, 'GET', '/api/admin/team'),
    enabled,
  });
}
