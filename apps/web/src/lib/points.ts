import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const pointsQueryKey = ['points'] as const;

/**
 * SPEC §7 /user/get_point → data.point; kept live while the page is open, fetched again when the
 * tab is shown and when another tab says it changed (money-sync.ts).
 */
export function usePoints() {
  return useQuery({
    queryKey: pointsQueryKey,
    queryFn: () => api('getPoint', {}).then((d) => d.point),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    retry: 1,
  });
}

export function usePointSummary() {
  return useQuery({
    queryKey: ['points', 'summary'],
    queryFn: () => api('pointLots', {}),
    refetchOnWindowFocus: true,
  });
}

export function usePointHistory(page: number, size: number) {
  return useQuery({
    queryKey: ['points', 'history', page, size],
    queryFn: () => api('pointHistory', { page, size }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

export const grantPoints = (body: { userId: number; points: number; note?: string }) =>
  api('grantPoints', body);
