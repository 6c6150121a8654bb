import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorCodes, type RenderResolution, type RenderState, type RenderStyle } from '@subtrans/contract';
import { api, ApiError } from '../../../lib/api-client';
import { saveUrl } from '../../../lib/download';

/** while a render waits or runs, its state is asked again this often */
export const RENDER_POLL_MS = 1500;
/** a preview is asked for this long after the last change of the style */
export const PREVIEW_DEBOUNCE_MS = 400;
/** a busy preview (42940) is asked again after this long, twice at most */
const PREVIEW_BUSY_RETRY_MS = 1500;

export const renderStateKey = (taskId: string) => ['render-state', taskId] as const;

/** a render the server has not finished */
export const isRunning = (state: RenderState | undefined) =>
  state?.render?.status === 'queued' || state?.render?.status === 'rendering';

/**
 * Issue 40 §1: whether the task can be rendered with its lines, what that costs, and its latest
 * render, asked again while that render waits or runs. `status` is the task's: a task that
 * finishes translating is asked again.
 */
export function useRenderState(taskId: string, status: string) {
  return useQuery({
    queryKey: [...renderStateKey(taskId), status],
    queryFn: () => api('taskRenderState', { id: taskId }),
    refetchOnWindowFocus: false,
    retry: false,
    refetchInterval: (q) => (isRunning(q.state.data) ? RENDER_POLL_MS : false),
  });
}

export interface PreviewAsk {
  style: RenderStyle;
  resolution: RenderResolution;
  /** the line shown; null: the first line */
  segmentId: number | null;
}

const isBusy = (e: unknown) => e instanceof ApiError && e.code === ErrorCodes.RENDER_PREVIEW_BUSY.code;

/** One frame in `ask`'s style (the previous frame kept on screen while the next one comes). */
export function useRenderPreview(taskId: string, ask: PreviewAsk, enabled: boolean) {
  return useQuery({
    queryKey: ['render-preview', taskId, ask],
    queryFn: () =>
      api('taskRenderPreview', {
        id: taskId,
        style: ask.style,
        resolution: ask.resolution,
        ...(ask.segmentId === null ? {} : { segmentId: ask.segmentId }),
      }),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
    retry: (count, e) => count < 2 && isBusy(e),
    retryDelay: PREVIEW_BUSY_RETRY_MS,
  });
}

export const startRender = (taskId: string, style: RenderStyle, resolution: RenderResolution) =>
  api('taskRender', { id: taskId, style, resolution });

/**
 * The latest completed render handed to the browser: its URL answers the file as an attachment,
 * so following it downloads and leaves the editor where it is.
 */
export async function downloadRender(taskId: string): Promise<void> {
  const { url, fileName } = await api('taskRenderDownload', { id: taskId });
  saveUrl(url, fileName);
}
