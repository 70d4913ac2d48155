import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editorialDefaultSchema } from '@shared/editorial.schema';
import { apiJson } from '@client/lib/api';

const PATH = '/api/editorial-responsibility';
const KEY = ['editorial-responsibility'] as const;

/** GET: who holds editorial responsibility for the caller's orders by default (their organisation's, or their own). */
export function useEditorialDefault() {
  return useQuery({ queryKey: KEY, queryFn: () => apiJson(editorialDefaultSchema, 'GET', PATH) });
}

/** PUT: sets it; a blank name clears it (the card shows a refusal beside its Save button). */
export function useSaveEditorialDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; organisation: string }) => apiJson(editorialDefaultSchema, 'PUT', PATH, { editorialResponsibility: input }),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
