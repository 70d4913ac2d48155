import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Claim, ClaimInput } from '@shared/fact-check.schema';
import { apiJson, apiRequest } from '@client/lib/api';

export const claimsKey = (id: string) => ['/api/admin/submissions', id, 'claims'] as const;
const claimsUrl = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/claims`;

/** The reviewer's claims on one submission, in reading order. */
export function useClaims(submissionId: string) {
  return useQuery<Claim[]>({ queryKey: claimsKey(submissionId) });
}

/** Add (no claimId), edit (claimId) or delete (remove) a claim; the list is refetched afterwards. */
export function useSaveClaim(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { claimId?: string; claim: ClaimInput }) =>
      input.claimId
        ? apiJson<Claim>('PATCH', `${claimsUrl(submissionId)}/${encodeURIComponent(input.claimId)}`, input.claim)
        : apiJson<Claim>('POST', claimsUrl(submissionId), input.claim),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimsKey(submissionId) }),
  });
}

export function useDeleteClaim(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: string) => apiRequest('DELETE', `${claimsUrl(submissionId)}/${encodeURIComponent(claimId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimsKey(submissionId) }),
  });
}
