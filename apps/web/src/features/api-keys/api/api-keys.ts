import { useQuery } from '@tanstack/react-query';
import type { CreateApiKeyBody } from '@subtrans/contract';
import { api } from '../../../lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: () => api('apiKeyList') });
}

export const createApiKey = (body: CreateApiKeyBody) => api('apiKeyCreate', body);
export const revokeApiKey = (id: number) => api('apiKeyRevoke', { id });
