import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema } from '@shared/auth.schema';
import {
  invitationLookupSchema,
  invitationSchema,
  teamSchema,
  type InviteReviewerInput,
} from '@shared/team.schema';
import { ApiError, apiJson, apiRequest } from '@client/lib/api';
import type { DataLayerMeta } from '@client/lib/query-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/team: members and pending invitations (admins). */
export function useTeam() {
  return useQuery({ queryKey: queryKeys.admin.team, queryFn: () => apiJson(teamSchema, 'GET', '/api/admin/team') });
}

function useTeamMutation<T, R>(fn: (input: T) => Promise<R>, meta?: DataLayerMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.team }),
    meta,
  });
}

export function useInviteReviewer() {
  return useTeamMutation((input: InviteReviewerInput) => apiJson(invitationSchema, 'POST', '/api/admin/team/invitations', input));
}

export function useRevokeInvitation() {
  return useTeamMutation((id: string) => apiRequest('DELETE', `/api/admin/team/invitations/${encodeURIComponent(id)}`));
}

export type MemberAction = 'suspend' | 'reinstate' | 'remove';

/** Suspend, reinstate or remove a member; a failure is the data layer's notice (a 401 only says "Unauthorized"). */
export function useChangeMember() {
  return useTeamMutation(
    ({ id, action }: { id: string; action: MemberAction }) =>
      action === 'remove'
        ? apiJson(teamSchema, 'DELETE', `/api/admin/team/members/${encodeURIComponent(id)}`)
        : apiJson(teamSchema, 'POST', `/api/admin/team/members/${encodeURIComponent(id)}/${action}`),
    { errorMessage: (error) => (error instanceof ApiError ? error.serverMessage : undefined) ?? 'The change failed' },
  );
}

/** POST /api/team/invitations/lookup: whom a link invites (asked before signing in). */
export function useInvitationLookup(token: string | null) {
  return useQuery({
    queryKey: queryKeys.invitations.team(token),
    queryFn: () => apiJson(invitationLookupSchema, 'POST', '/api/team/invitations/lookup', { token }),
    enabled: token !== null,
    retry: false,
  });
}

/** POST /api/team/invitations/accept: the signed-in account joins the team; the current user is refreshed. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiJson(currentUserSchema, 'POST', '/api/team/invitations/accept', { token }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}
