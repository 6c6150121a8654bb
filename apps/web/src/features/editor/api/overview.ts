import { useQuery } from '@tanstack/react-query';
import { decodePeaks, peaksBinMs, peaksBins, type Overview } from '@subtrans/contract';
import { api } from '../../../lib/api-client';

/** while the server computes the waveform and shot changes, it is asked again this often */
const WORKING_POLL_MS = 2000;
/** the signed URLs live 6 hours; ask again well before */
const URL_STALE_MS = 60 * 60_000;

/**
 * Issue 38: the waveform and shot changes of a media task (/file/overview), asked again while the
 * server is still making them.
 */
export function useOverview(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['overview', taskId],
    queryFn: () => api('fileOverview', { taskId }),
    enabled,
    staleTime: URL_STALE_MS,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.state === 'working' ? WORKING_POLL_MS : false),
  });
}

/** A waveform as the timeline's library draws it: the max of each bin on top, the min below. */
export interface Waveform {
  channels: [Float32Array, Float32Array];
  durationMs: number;
}

/** The peaks object in the form wavesurfer takes (two channels of -1…1, one value per bin). */
export function waveformOf(bytes: Uint8Array): Waveform {
  const peaks = decodePeaks(bytes);
  const bins = peaksBins(peaks);
  const top = new Float32Array(bins);
  const bottom = new Float32Array(bins);
  for (let i = 0; i < bins; i += 1) {
    bottom[i] = peaks.data[2 * i]! / 128;
    top[i] = peaks.data[2 * i + 1]! / 128;
  }
  return { channels: [top, bottom], durationMs: Math.round(bins * peaksBinMs(peaks)) };
}

/** The peaks the overview names, fetched once and decoded (1.4 MB for a 2-hour film). */
export function useWaveform(overview: Overview | undefined) {
  const url = overview?.peaksUrl;
  return useQuery({
    queryKey: ['waveform', url?.split('?')[0] ?? ''],
    queryFn: async () => {
      const res = await fetch(url!);
      if (!res.ok) throw new Error(`peaks: HTTP ${res.status}`);
      return waveformOf(new Uint8Array(await res.arrayBuffer()));
    },
    enabled: Boolean(url),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
  });
}
