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
import { ApiError, apiJson } from '@client/lib/api';
import type { DataLayerMeta } from '@client/lib/query-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/organisation: the account's organisation (null without one). */
export function useMyOrganisation() {
  return useQuery({ queryKey: queryKeys.organisation, queryFn: () => apiJson(myOrganisationAnswerSchema, 'GET', '/api/organisation') });
}

/** Why a call failed, as the server put it (a refusal's message), else `fallback`. */
export const organisationFailure = (error: unknown, fallback = 'Please try again.') =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;

/**
 * A failure of a button's action with no form to show it in (a role change, a withdrawal, a removal, leaving): the
 * data layer's notice titled "Organisation", which a 401 leaves to the one "Unauthorized" notice.
 */
const NOTICE_ON_FAILURE: DataLayerMeta = { errorTitle: 'Organisation', errorMessage: (error) => organisationFailure(error) };

/** A change inside the organisation: its card is read again. */
function useOrganisationMutation<T, R>(fn: (input: T) => Promise<R>, meta?: DataLayerMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.organisation }),
    meta,
  });
}

/**
 * Joining or leaving changes what the account sees everywhere (orders, credit, API keys, house style): every query
 * is read again, except the join page's look-up of a link just used up.
 */
function useMembershipMutation<T, R>(fn: (input: T) => Promise<R>, meta?: DataLayerMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.invitations.all[0] }),
    meta,
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
  return useOrganisationMutation(
    (id: string) => apiJson(noContentSchema, 'DELETE', `/api/organisation/invitations/${encodeURIComponent(id)}`),
    NOTICE_ON_FAILURE,
  );
}

export function useChangeMemberRole() {
  return useOrganisationMutation(
    ({ userId, role }: { userId: string; role: OrganisationRole }) =>
      apiJson(myOrganisationSchema, 'PATCH', `/api/organisation/members/${encodeURIComponent(userId)}`, { role }),
    NOTICE_ON_FAILURE,
  );
}

export function useRemoveMember() {
  return useOrganisationMutation(
    (userId: string) => apiJson(myOrganisationAnswerSchema, 'DELETE', `/api/organisation/members/${encodeURIComponent(userId)}`),
    NOTICE_ON_FAILURE,
  );
}

export function useLeaveOrganisation() {
  return useMembershipMutation(() => apiJson(noContentSchema, 'POST', '/api/organisation/leave'), NOTICE_ON_FAILURE);
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
