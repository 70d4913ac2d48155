import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submissionSchema, type Submission } from '@shared/submission.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** PATCH /api/submissions/:id: the customer renames their order (issue 45, decision 070). */
export function useRenameOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Submission, Error, string>({
    mutationFn: async (title) => await apiJson(submissionSchema, 'PATCH', `/api/submissions/${id}`, { title }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
  });
}
