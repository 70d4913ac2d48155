import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signOffSamplingSchema, signOffSchema, type SignOff, type SignOffInput } from '@shared/sign-offs.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/admin/submissions/:id/sign-off: approve (delivered) or return it to its reviewer (decision 073). */
export function useSignOff(id: string) {
  const queryClient = useQueryClient();
  return useMutation<SignOff, Error, SignOffInput>({
    mutationFn: (input) => apiJson(signOffSchema, 'POST', `/api/admin/submissions/${encodeURIComponent(id)}/sign-off`, input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.submission(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.history(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.queues });
    },
  });
}

/** GET /api/admin/sign-offs/sampling: how much is sampled, and whether the team is too small for it. */
export function useSignOffSampling() {
  return useQuery({
    queryKey: queryKeys.admin.signOffSampling,
    queryFn: () => apiJson(signOffSamplingSchema, 'GET', '/api/admin/sign-offs/sampling'),
    staleTime: 60_000,
  });
}
