import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiCall,
  ApiKeyCreated,
  ApiKeyCreateInput,
  ApiKeySummary,
  WebhookCreateInput,
  WebhookDelivery,
  WebhookEndpoint,
} from '../../../shared/api/integrations.ts';
import { api } from '../../lib/api.ts';

/** « Intégrations » (docs/product/integrations.md): /api/integrations, owners only. */
const keysKey = ['integrations', 'keys'] as const;
const webhooksKey = ['integrations', 'webhooks'] as const;

export const useApiKeys = () =>
  useQuery({
    queryKey: keysKey,
    queryFn: async () => (await api<{ keys: ApiKeySummary[] }>('/api/integrations/keys')).keys,
  });

export const useApiCalls = (keyId: string) =>
  useQuery({
    queryKey: [...keysKey, keyId, 'calls'],
    queryFn: async () =>
      (await api<{ calls: ApiCall[] }>(`/api/integrations/keys/${encodeURIComponent(keyId)}/calls`)).calls,
  });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateInput) =>
      api<ApiKeyCreated>('/api/integrations/keys', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/integrations/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

export const useWebhooks = () =>
  useQuery({
    queryKey: webhooksKey,
    queryFn: async () => (await api<{ webhooks: WebhookEndpoint[] }>('/api/integrations/webhooks')).webhooks,
  });

export const useDeliveries = (endpointId: string) =>
  useQuery({
    queryKey: [...webhooksKey, endpointId, 'deliveries'],
    queryFn: async () =>
      (
        await api<{ deliveries: WebhookDelivery[] }>(
          `/api/integrations/webhooks/${encodeURIComponent(endpointId)}/deliveries`,
        )
      ).deliveries,
    // A delivery is sent within seconds of the change: the log follows it while it is open.
    refetchInterval: 3_000,
  });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookCreateInput) =>
      api<WebhookEndpoint>('/api/integrations/webhooks', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; active: boolean; version: number }) =>
      api<WebhookEndpoint>(`/api/integrations/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/integrations/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<WebhookDelivery>(`/api/integrations/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** The organisation's menus, for the embed's picker. */
export const useMenuChoices = () =>
  useQuery({
    queryKey: ['integrations', 'menus'],
    queryFn: async () => (await api<{ menus: { id: string; name: string; isActive: boolean }[] }>('/api/menus')).menus,
  });
