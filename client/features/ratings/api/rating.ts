import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderRatingAnswerSchema, type OrderRatingAnswer, type RateOrderInput } from '@shared/ratings-audits.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/submissions/:id/rating: the customer's rating of the latest delivery, and whether they may rate. */
export const ratingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.submissions.rating(id),
    queryFn: () => apiJson(orderRatingAnswerSchema, 'GET', `/api/submissions/${id}/rating`),
  });

export function useRating(id: string) {
  return useQuery(ratingQueryOptions(id));
}

/** POST /api/submissions/:id/rating: 1–5 stars and a comment; a second one changes it (for 14 days). */
export function useRateOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation<OrderRatingAnswer, Error, RateOrderInput>({
    mutationFn: (input) => apiJson(orderRatingAnswerSchema, 'POST', `/api/submissions/${id}/rating`, input),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.submissions.rating(id), answer),
  });
}
