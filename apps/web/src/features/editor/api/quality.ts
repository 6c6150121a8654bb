import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QualityLimits, QualityOverrides, SubtitleLanguageCode } from '@subtrans/contract';
import { api } from '../../../lib/api-client';

/** One target language's limits for the signed-in user, as the server keeps them. */
export const qualityQueryKey = (target: string) => ['quality', target] as const;

/**
 * The limits of the task's target language (/quality/get): its defaults, the user's overrides and
 * the bounds. `enabled` holds the call back until the page has painted its rows.
 */
export function useQualityLimits(target: string | undefined, enabled = true) {
  return useQuery({
    queryKey: qualityQueryKey(target ?? ''),
    queryFn: () => api('qualityGet', { target: target as SubtitleLanguageCode }),
    enabled: enabled && Boolean(target),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/** Saves (null: back to the language's defaults) and keeps the answer as the query's data. */
export function useSaveQualityLimits(target: string) {
  const client = useQueryClient();
  return async (overrides: QualityOverrides | null): Promise<QualityLimits> => {
    const answer = await api('qualitySave', { target: target as SubtitleLanguageCode, overrides });
    client.setQueryData(qualityQueryKey(target), answer);
    return answer;
  };
}
