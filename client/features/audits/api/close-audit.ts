import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditSchema, type Audit, type CloseAuditInput } from '@shared/ratings-audits.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** POST /api/admin/submissions/:id/audit: passed, or corrected with the corrected text (decision 068). */
export function useCloseAudit(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Audit, Error, CloseAuditInput>({
    mutationFn: (input) => apiJson(auditSchema, 'POST', `/api/admin/submissions/${encodeURIComponent(id)}/audit`, input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.submission(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.queues });
    },
  });
}
