import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  API,
  PAGE_SIZES,
  POLLING_MS,
  type ExportFormat,
  type PagedList,
  type Task,
  ROUTES,
} from '@subtrans/contract';
import { api, apiUpload, ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client';
import { STORAGE_KEYS, storage } from '../../../lib/storage';

export const tasksQueryKey = ['tasks'] as const;

/** SPEC §9: the list refreshes every 5 s; while a task translates, every second (progress). */
export const LIST_REFRESH_MS = 5000;
export const LIST_REFRESH_RUNNING_MS = 1000;
/** SPEC §4: while an audio/video task is detected or transcribed, as often as its status is polled */
export const LIST_REFRESH_MEDIA_MS = POLLING_MS.detection;

/**
 * The task list (newest first). The first page is cached under `translation-tasks` (for this
 * user only) so the list shows at once on the next visit, then refreshes from the server.
 */
export function useTaskList(userId: number, page: number) {
  return useQuery({
    queryKey: [...tasksQueryKey, userId, page],
    queryFn: async () => {
      const list = await api(ROUTES.taskList, { page, size: PAGE_SIZES.tasks });
      if (page === 1) storage.set(STORAGE_KEYS.tasks, JSON.stringify({ userId, list }));
      return list;
    },
    placeholderData: keepPreviousData,
    initialData: page === 1 ? () => cachedFirstPage(userId) : undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => {
      const tasks = q.state.data?.list ?? [];
      if (tasks.some((t) => t.status === 'translating')) return LIST_REFRESH_RUNNING_MS;
      if (tasks.some((t) => t.kind === 'media' && t.status === 'processing')) return LIST_REFRESH_MEDIA_MS;
      return LIST_REFRESH_MS;
    },
  });
}

function cachedFirstPage(userId: number): PagedList<Task> | undefined {
  try {
    const raw = storage.get(STORAGE_KEYS.tasks);
    const cached = raw ? (JSON.parse(raw) as { userId?: number; list?: PagedList<Task> }) : null;
    return cached?.userId === userId ? cached.list : undefined;
  } catch {
    return undefined;
  }
}

export function useEngines() {
  return useQuery({
    queryKey: ['engines'],
    queryFn: () => api(ROUTES.translationEngines, {}),
    staleTime: 5 * 60_000,
  });
}

export interface CreateTaskForm {
  file: File;
  originalLanguage: string;
  targetLanguage: string;
  translationService: string;
  includeOriginalText: boolean;
}

export function createTask(f: CreateTaskForm): Promise<Task> {
  const form = new FormData();
  form.set('originalLanguage', f.originalLanguage);
  form.set('targetLanguage', f.targetLanguage);
  form.set('translationService', f.translationService);
  form.set('includeOriginalText', String(f.includeOriginalText));
  form.set('file', f.file, f.file.name);
  return apiUpload(ROUTES.taskCreate, form);
}

export const startTask = (id: string) => api(ROUTES.taskStart, { id });
export const deleteTask = (id: string) => api(ROUTES.taskDelete, { id });

/** Fetches the export and hands it to the browser as a download. */
export async function downloadTask(
  id: string,
  format: ExportFormat,
  includeOriginal: boolean,
  originalFirst = true,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(API.taskExport, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, format, includeOriginal, originalFirst }),
    });
  } catch (e) {
    throw new ApiError(NETWORK_ERROR_CODE, e instanceof Error ? e.message : String(e), 0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(body?.code ?? NETWORK_ERROR_CODE, body?.msg ?? `HTTP ${res.status}`, res.status);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition')) ?? `subtitles.${format}`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}
