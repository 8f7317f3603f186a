import {
  type CreatedWebhook,
  type CreateWebhookRequest,
  type Envelope,
  LIMITS,
  type Webhook,
  type WebhookDelivery,
} from '@parley/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export async function getWebhooks(): Promise<Webhook[]> {
  return (await api.get<Envelope<{ webhooks: Webhook[] }>>('/api/webhooks')).data.webhooks;
}
export const useWebhooks = () => useQuery(queryOptions({ queryKey: webhookKeys.all, queryFn: getWebhooks }));

export async function getDeliveries(id: string): Promise<WebhookDelivery[]> {
  return (await api.get<Envelope<{ deliveries: WebhookDelivery[] }>>(`${path(id)}/deliveries`)).data.deliveries;
}
/** The delivery log, polled while a delivery is still pending (retries happen in the background). */
export const useDeliveries = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: webhookKeys.deliveries(id),
      queryFn: () => getDeliveries(id),
      refetchInterval: (query) =>
        query.state.data?.some((d) => d.status === 'pending') ? LIMITS.pollIntervalMs : false,
    }),
  );

export async function createWebhook(body: CreateWebhookRequest): Promise<CreatedWebhook> {
  return (await api.post<Envelope<CreatedWebhook>>('/api/webhooks', body)).data;
}
export async function deleteWebhook(id: string): Promise<void> {
  await api.delete(path(id));
}
export async function sendTestEvent(id: string): Promise<WebhookDelivery> {
  return (await api.post<Envelope<WebhookDelivery>>(`${path(id)}/test`)).data;
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: (_delivery, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
