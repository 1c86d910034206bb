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
import { queryKeys } from '../../lib/query-keys.ts';

/** « Intégrations » (docs/product/integrations.md): /api/integrations, owners only. */

export const useApiKeys = () =>
  useQuery({
    queryKey: queryKeys.integrations.keys,
    queryFn: async ({ signal }) => (await api<{ keys: ApiKeySummary[] }>('/api/integrations/keys', { signal })).keys,
  });

export const useApiCalls = (keyId: string) =>
  useQuery({
    queryKey: queryKeys.integrations.keyCalls(keyId),
    queryFn: async ({ signal }) =>
      (await api<{ calls: ApiCall[] }>(`/api/integrations/keys/${encodeURIComponent(keyId)}/calls`, { signal })).calls,
  });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateInput) =>
      api<ApiKeyCreated>('/api/integrations/keys', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.keys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/integrations/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.keys }),
  });
}

export const useWebhooks = () =>
  useQuery({
    queryKey: queryKeys.integrations.webhooks,
    queryFn: async ({ signal }) =>
      (await api<{ webhooks: WebhookEndpoint[] }>('/api/integrations/webhooks', { signal })).webhooks,
  });

export const useDeliveries = (endpointId: string) =>
  useQuery({
    queryKey: queryKeys.integrations.deliveries(endpointId),
    queryFn: async ({ signal }) =>
      (
        await api<{ deliveries: WebhookDelivery[] }>(
          `/api/integrations/webhooks/${encodeURIComponent(endpointId)}/deliveries`,
          { signal },
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.webhooks }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; active: boolean; version: number }) =>
      api<WebhookEndpoint>(`/api/integrations/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.webhooks }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/integrations/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.webhooks }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<WebhookDelivery>(`/api/integrations/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.webhooks }),
  });
}

/** The organisation's menus, for the embed's picker. */
export const useMenuChoices = () =>
  useQuery({
    queryKey: queryKeys.integrations.menus,
    queryFn: async ({ signal }) =>
      (await api<{ menus: { id: string; name: string; isActive: boolean }[] }>('/api/menus', { signal })).menus,
  });
