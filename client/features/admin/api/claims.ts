import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimSchema, claimListSchema, type ClaimInput } from '@shared/fact-check.schema';
import { ApiError, apiJson, apiRequest } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

const claimsUrl = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/claims`;
const claimUrl = (id: string, claimId: string) => `${claimsUrl(id)}/${encodeURIComponent(claimId)}`;

/** The reviewer's claims on one submission, in reading order. */
export const claimsQueryOptions = (submissionId: string) =>
  queryOptions({ queryKey: queryKeys.admin.claims(submissionId), queryFn: () => apiJson(claimListSchema, 'GET', claimsUrl(submissionId)) });

export function useClaims(submissionId: string) {
  return useQuery(claimsQueryOptions(submissionId));
}

/** Add (no claimId) or edit (claimId) a claim; the list is refetched afterwards. */
export function useSaveClaim(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { claimId?: string; claim: ClaimInput }) =>
      input.claimId
        ? apiJson(claimSchema, 'PATCH', claimUrl(submissionId, input.claimId), input.claim)
        : apiJson(claimSchema, 'POST', claimsUrl(submissionId), input.claim),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.claims(submissionId) }),
    meta: { errorMessage: (error) => (error instanceof ApiError && error.serverMessage) || 'Failed to save the claim' },
  });
}

export function useDeleteClaim(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: string) => apiRequest('DELETE', claimUrl(submissionId, claimId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.claims(submissionId) }),
    meta: { errorMessage: 'Failed to delete the claim' },
  });
}
