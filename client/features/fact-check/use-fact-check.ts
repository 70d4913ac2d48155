import { useQuery } from '@tanstack/react-query';
import type { FactCheckReport } from '@shared/fact-check.schema';

/** The fact-check report of a completed order (the server answers 404 before completion). */
export function useFactCheckReport(submissionId: string, enabled: boolean) {
  return useQuery<FactCheckReport>({ queryKey: ['/api/submissions', submissionId, 'fact-check'], enabled, staleTime: 0 });
}
