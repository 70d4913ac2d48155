import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { styleGuideSchema, type StyleGuideData } from '@shared/style-guide.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/style-guide: the caller's organisation's house style, or their own. */
export function useStyleGuide() {
  return useQuery({ queryKey: queryKeys.styleGuide, queryFn: () => apiJson(styleGuideSchema, 'GET', '/api/style-guide') });
}

/** PUT /api/style-guide: replaces the whole guide (the card shows a refusal beside its Save button). */
export function useSaveStyleGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StyleGuideData) => apiJson(styleGuideSchema, 'PUT', '/api/style-guide', input),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.styleGuide, saved),
  });
}
