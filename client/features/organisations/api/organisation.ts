import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noContentSchema } from '@shared/api.schema';
import {
  myOrganisationAnswerSchema,
  myOrganisationSchema,
  organisationInvitationLookupSchema,
  organisationInvitationSchema,
  type InviteMemberInput,
  type OrganisationNameInput,
  type OrganisationRole,
} from '@shared/organisation.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/organisation: the account's organisation (null without one). */
export function useMyOrganisation() {
  return useQuery({ queryKey: queryKeys.organisation, queryFn: () => apiJson(myOrganisationAnswerSchema, 'GET', '/api/organisation') });
}

/** A change inside the organisation: its card is read again. */
function useOrganisationMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organisation }),
  });
}

/**
 * Joining or leaving changes what the account sees everywhere (orders, credit, API keys, house style): every query
 * is read again, except the join page's look-up of a link just used up.
 */
function useMembershipMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.invitations.all[0] }),
  });
}

export function useCreateOrganisation() {
  return useMembershipMutation((input: OrganisationNameInput) => apiJson(myOrganisationSchema, 'POST', '/api/organisation', input));
}

export function useRenameOrganisation() {
  return useOrganisationMutation((input: OrganisationNameInput) => apiJson(myOrganisationSchema, 'PATCH', '/api/organisation', input));
}

export function useInviteMember() {
  return useOrganisationMutation((input: InviteMemberInput) => apiJson(organisationInvitationSchema, 'POST', '/api/organisation/invitations', input));
}

export function useWithdrawInvitation() {
  return useOrganisationMutation((id: string) => apiJson(noContentSchema, 'DELETE', `/api/organisation/invitations/${encodeURIComponent(id)}`));
}

export function useChangeMemberRole() {
  return useOrganisationMutation(({ userId, role }: { userId: string; role: OrganisationRole }) =>
    apiJson(myOrganisationSchema, 'PATCH', `/api/organisation/members/${encodeURIComponent(userId)}`, { role }),
  );
}

export function useRemoveMember() {
  return useOrganisationMutation((userId: string) =>
    apiJson(myOrganisationAnswerSchema, 'DELETE', `/api/organisation/members/${encodeURIComponent(userId)}`),
  );
}

export function useLeaveOrganisation() {
  return useMembershipMutation(() => apiJson(noContentSchema, 'POST', '/api/organisation/leave'));
}

/** POST /api/organisation-invitations/lookup: what a link invites to (asked before signing in). */
export function useOrganisationInvitationLookup(token: string | null) {
  return useQuery({
    queryKey: queryKeys.invitations.organisation(token),
    queryFn: () => apiJson(organisationInvitationLookupSchema, 'POST', '/api/organisation-invitations/lookup', { token }),
    enabled: token !== null,
    retry: false,
  });
}

/** POST /api/organisation-invitations/accept: the signed-in account joins as a member. */
export function useAcceptOrganisationInvitation() {
  return useMembershipMutation((token: string) => apiJson(myOrganisationSchema, 'POST', '/api/organisation-invitations/accept', { token }));
}
