import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DETECT_STATUS,
  EXECUTE_STATUS,
  POLLING_MS,
  type SubmitCheckBody,
  type SubmitExecuteBody,
} from '@subtrans/contract';
import { api, ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../lib/storage';
import { storedBatchSize } from '../lib/batch-size';
import type { VoiceOptions } from '../lib/voice-options';

/** SPEC §4 audio/video flow: detection (probe), then execution (transcribe and translate). */

export const submitDetection = (body: SubmitCheckBody) => api('fileSubmitCheck', body);

export const checkDetection = (taskId: string) => api('fileCheck', { taskId });

/** the confirmed execution, with the batch size stored in this browser if any (SPEC §9) */
export const submitExecution = (body: SubmitExecuteBody) =>
  api('fileSubmitExecute', { ...body, ...storedBatchSize() });

export const checkExecution = (taskId: string) => api('fileCheckExecute', { taskId });

/** Whether this server can transcribe audio/video at all. */
export function useSpeechStatus() {
  return useQuery({
    queryKey: ['media', 'speech'],
    queryFn: () => api('fileSpeechStatus', {}),
    staleTime: 5 * 60_000,
  });
}

/** A refusal from the server (task gone, not ours): polling it again changes nothing. */
export const refused = (e: unknown) => e instanceof ApiError && e.code !== NETWORK_ERROR_CODE;

export const detectionFinished = (status: number | undefined) =>
  status === DETECT_STATUS.ready || status === DETECT_STATUS.failed;

export const executionFinished = (status: number | undefined) =>
  status === EXECUTE_STATUS.completed || status === EXECUTE_STATUS.failed;

/** /file/check_task every 3 s until ready (4) or failed (5). */
export const detectionQuery = (taskId: string) =>
  queryOptions({
    queryKey: ['media', 'detection', taskId],
    queryFn: () => checkDetection(taskId),
    refetchInterval: (q) =>
      detectionFinished(q.state.data?.status) || refused(q.state.error) ? false : POLLING_MS.detection,
    refetchIntervalInBackground: true,
    retry: (count, e) => !refused(e) && count < 3,
  });

/** /file/check_execute_task every 3 s until completed (4) or failed (5). */
export const executionQuery = (taskId: string) =>
  queryOptions({
    queryKey: ['media', 'execution', taskId],
    queryFn: () => checkExecution(taskId),
    refetchInterval: (q) =>
      executionFinished(q.state.data?.status) || refused(q.state.error) ? false : POLLING_MS.execution,
    refetchIntervalInBackground: true,
    retry: (count, e) => !refused(e) && count < 3,
  });

export function useDetection(taskId: string | null, enabled: boolean) {
  return useQuery({ ...detectionQuery(taskId ?? ''), enabled: enabled && Boolean(taskId) });
}

export function useExecution(taskId: string | null, enabled: boolean) {
  return useQuery({ ...executionQuery(taskId ?? ''), enabled: enabled && Boolean(taskId) });
}

/**
 * The audio/video tasks this tab uploaded or started, followed by the dashboard (detection: open
 * the confirmation when it is ready; execution: say when it is done). Kept in sessionStorage, so a
 * reload keeps following them.
 */
export interface TrackedMedia {
  taskId: string;
  stage: 'detect' | 'execute';
  fileName: string;
  size: number;
  sourceLau: string;
  targetLau: string;
  both: 1 | 2;
  translationService: string;
  /** keep the engine's line breaks (sent with the execution) */
  keepEngineBreaks?: boolean;
  /** glossaries, series, formality, note, review (sent with the execution) */
  voice?: VoiceOptions;
}

function readTracked(): TrackedMedia[] {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEYS.mediaTracked);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list)
      ? (list as TrackedMedia[]).filter((e) => typeof e?.taskId === 'string' && typeof e.stage === 'string')
      : [];
  } catch {
    return [];
  }
}

let tracked: TrackedMedia[] = typeof window === 'undefined' ? [] : readTracked();
const listeners = new Set<() => void>();

function writeTracked(next: TrackedMedia[]) {
  tracked = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.mediaTracked, JSON.stringify(next));
  } catch {
    // storage unavailable: followed for this page only
  }
  for (const l of listeners) l();
}

export const mediaTracking = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  snapshot: () => tracked,
  /** follow a task (replacing how it was followed) */
  track(entry: TrackedMedia) {
    writeTracked([...tracked.filter((e) => e.taskId !== entry.taskId), entry]);
  },
  /** stop following a task (only at `stage` when given) */
  untrack(taskId: string, stage?: TrackedMedia['stage']) {
    if (!tracked.some((e) => e.taskId === taskId && (!stage || e.stage === stage))) return;
    writeTracked(tracked.filter((e) => !(e.taskId === taskId && (!stage || e.stage === stage))));
  },
};

export function useTrackedMedia(): TrackedMedia[] {
  return useSyncExternalStore(mediaTracking.subscribe, mediaTracking.snapshot, mediaTracking.snapshot);
}
