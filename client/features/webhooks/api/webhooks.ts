import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  type CreateWebhookEndpointInput,
} from '@shared/api-v1.schema';
import { noContentSchema } from '@shared/api.schema';
import { apiJson } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

const base = '/api/webhook-endpoints';

export function useWebhookEndpoints() {
  return useQuery({ queryKey: queryKeys.webhooks.all, queryFn: () => apiJson(webhookEndpointListSchema, 'GET', base) });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) => apiJson(createdWebhookEndpointSchema, 'POST', base, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => apiJson(webhookEndpointSchema, 'PATCH', `${base}/${encodeURIComponent(id)}`, { enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
    meta: { errorMessage: 'The endpoint could not be changed. Please try again.' },
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson(noContentSchema, 'DELETE', `${base}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }),
    meta: { errorMessage: 'The endpoint could not be deleted. Please try again.' },
  });
}

export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(endpointId),
    queryFn: () => apiJson(webhookDeliveryListSchema, 'GET', `${base}/${encodeURIComponent(endpointId)}/deliveries`),
    refetchInterval: 10_000,
  });
}

export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiJson(webhookDeliverySchema, 'POST', `${base}/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(endpointId) }),
    meta: { errorMessage: (error: Error) => error.message || 'The delivery could not be resent.' },
  });
}
