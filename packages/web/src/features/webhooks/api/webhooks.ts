import {
  type CreatedWebhook,
  type CreateWebhookRequest,
  LIMITS,
  routes,
  type Webhook,
  type WebhookDelivery,
} from '@parley/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

export async function getWebhooks(): Promise<Webhook[]> {
  return (await callRoute(routes.listWebhooks)).data.webhooks;
}
export const useWebhooks = () => useQuery(queryOptions({ queryKey: webhookKeys.all, queryFn: getWebhooks }));

export async function getDeliveries(id: string): Promise<WebhookDelivery[]> {
  return (await callRoute(routes.webhookDeliveries, { params: { id } })).data.deliveries;
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
  return (await callRoute(routes.createWebhook, { body })).data;
}
export async function deleteWebhook(id: string): Promise<void> {
  await callRoute(routes.deleteWebhook, { params: { id } });
}
export async function sendTestEvent(id: string): Promise<WebhookDelivery> {
  return (await callRoute(routes.testWebhook, { params: { id } })).data;
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
