import { useQuery } from '@tanstack/react-query';
import type { CreateApiKeyBody } from '@subtrans/contract';
import { api } from '../../../lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: () => api('apiKeyList') });
}

export const createApiKey = (body: CreateApiKeyBody) => api('apiKeyCreate', body);
export const revokeApiKey = (id: number) => api('apiKeyRevoke', { id });

export const webhookQueryKey = ['webhook'] as const;

/** The endpoint and its last deliveries: refreshed while one of them is still being tried. */
export function useWebhook() {
  return useQuery({
    queryKey: webhookQueryKey,
    queryFn: () => api('webhookGet'),
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? 5000 : false),
  });
}

export const saveWebhook = (url: string) => api('webhookSet', { url });
export const removeWebhook = () => api('webhookDelete');
