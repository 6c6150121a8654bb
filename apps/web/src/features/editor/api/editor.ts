import { useQuery, type QueryClient } from '@tanstack/react-query';
import { type SegmentPatch, type UpdateSegmentsBody } from '@subtrans/contract';
import { api, ApiError, apiGet } from '../../../lib/api-client';
import { EDITOR_PATH, isTaskId } from '../../../lib/paths';

/** SPEC §9: the editor refreshes every second while the task is still being translated. */
export const EDITOR_REFRESH_MS = 1000;

/**
 * The task with its lines compact (GET /task/lines?id=), at the address the server's preload link
 * names, to the letter: the first fetch of an editor link's page is answered by that preload.
 */
const taskQuery = (id: string) => ({
  queryKey: ['task', id],
  queryFn: () => apiGet('taskLines', { id: id.toLowerCase() }),
});

/**
 * Opening /edit/{id} directly: the server's HTML already asked for the task (a preload of
 * GET /task/lines?id=, started before the app's code), and this takes that answer over; without
 * the preload it is simply a request started at once, alongside the session check and the
 * editor's code, instead of after them (a long task is the slowest part of the first paint).
 */
let prefetched: string | null = null;

export function prefetchEditorTask(client: QueryClient, pathname: string): boolean {
  const id = EDITOR_PATH.exec(pathname)?.[1];
  if (!id || !isTaskId(id)) return false;
  prefetched = id;
  void client.prefetchQuery(taskQuery(id));
  return true;
}

/**
 * The editor opened by the page's own address uses the task prefetched with the page; once that
 * editor is left (forgetPrefetchedTask), every later mount asks the server again.
 */
const refetchOnMount = (id: string) => prefetched !== id;
export function forgetPrefetchedTask() {
  prefetched = null;
}

export function useTaskDetail(id: string) {
  return useQuery({
    ...taskQuery(id),
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === 'translating' || q.state.data.status === 'processing')
        ? EDITOR_REFRESH_MS
        : false,
    refetchOnWindowFocus: false,
    refetchOnMount: () => refetchOnMount(id),
    // an id that cannot name a task is not asked about; the server's refusals (not found, not
    // allowed, invalid) answer the same again: only a network failure or a 5xx is worth a retry
    enabled: isTaskId(id),
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
  });
}

/** `structure`: lines added, deleted and moved in time by the same edit (issue 35) */
export const saveSegments = (
  taskId: string,
  baseVersion: number,
  segments: SegmentPatch[],
  structure: Pick<UpdateSegmentsBody, 'insert' | 'remove' | 'retime'> = {},
) =>
  api('taskUpdateSegments', {
    taskId,
    baseVersion,
    segments,
    ...(structure.insert?.length ? { insert: structure.insert } : {}),
    ...(structure.remove?.length ? { remove: structure.remove } : {}),
    ...(structure.retime?.length ? { retime: structure.retime } : {}),
  });

/** `baseVersion`: the version this editor holds; the answer names the lines other tabs changed since */
export const retranslate = (taskId: string, segmentIds: number[], baseVersion?: number) =>
  api('taskRetranslate', { taskId, segmentIds, ...(baseVersion === undefined ? {} : { baseVersion }) });

/** the lines whose terms changed (glossaries, brief) translated again, spent like re-translation */
export const reapply = (taskId: string) => api('taskReapply', { id: taskId });
