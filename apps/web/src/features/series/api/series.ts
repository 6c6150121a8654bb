import { useQuery } from '@tanstack/react-query';
import type { SaveSeriesBody } from '@subtrans/contract';
import { api } from '../../../lib/api-client';
import { seriesQueryKey } from '../../../lib/voice-lists';

/** A series with its memory and episodes (under the list's key: every change refreshes both). */
export const oneSeriesQueryKey = (id: string) => [...seriesQueryKey, id] as const;

export function useSeries(id: string | null) {
  return useQuery({
    queryKey: oneSeriesQueryKey(id ?? ''),
    queryFn: () => api('seriesGet', { id: id! }),
    enabled: id !== null,
  });
}

export const saveSeries = (body: SaveSeriesBody) => api('seriesSave', body);
export const deleteSeries = (id: string) => api('seriesDelete', { id });
