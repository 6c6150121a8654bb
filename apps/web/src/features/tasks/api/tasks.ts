import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, POLLING_MS, type Batch, type PagedList, type Task } from '@subtrans/contract';
import type { SubtitleEncoding } from '@subtrans/subtitles/encoding-names';
import { api, apiUpload } from '../../../lib/api-client';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { storedBatchSize } from '../lib/batch-size';
import { setVoiceFields, type VoiceOptions } from '../lib/voice-options';

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
      const list = await api('taskList', { page, size: PAGE_SIZES.tasks });
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
    queryFn: () => api('translationEngines', {}),
    staleTime: 5 * 60_000,
  });
}

export interface CreateTaskForm {
  file: File;
  originalLanguage: string;
  targetLanguage: string;
  translationService: string;
  includeOriginalText: boolean;
  /** keep the engine's line breaks (not laid out for the target language) */
  keepEngineBreaks: boolean;
  /** glossaries, series, formality, note, review of names and terms */
  voice: VoiceOptions;
  /** the encoding the preview read the file in: the server reads it the same (issue 37) */
  encoding?: SubtitleEncoding;
  /** MicroDVD: the frame rate the preview counted frames with */
  frameRate?: number;
}

export function createTask(f: CreateTaskForm): Promise<Task> {
  const form = new FormData();
  form.set('originalLanguage', f.originalLanguage);
  form.set('targetLanguage', f.targetLanguage);
  form.set('translationService', f.translationService);
  form.set('includeOriginalText', String(f.includeOriginalText));
  form.set('keepEngineBreaks', String(f.keepEngineBreaks));
  setVoiceFields(form, f.voice);
  if (f.encoding) form.set('encoding', f.encoding);
  if (f.frameRate !== undefined) form.set('frameRate', String(f.frameRate));
  form.set('file', f.file, f.file.name);
  return apiUpload('taskCreate', form);
}

/** Issue 39: many files into one or more languages, every task created and started in one call. */
export interface CreateBatchForm extends Omit<CreateTaskForm, 'file' | 'targetLanguage'> {
  /** in name order (the server orders them so too) */
  files: File[];
  targetLanguages: string[];
}

/**
 * /batch/create: one task per file and language, all started, or none (a file the server cannot
 * read, or a balance short of the total, refuses the whole batch)
 */
export function createBatch(f: CreateBatchForm): Promise<Batch> {
  const form = new FormData();
  form.set('originalLanguage', f.originalLanguage);
  form.set('targetLanguages', f.targetLanguages.join(','));
  form.set('translationService', f.translationService);
  form.set('includeOriginalText', String(f.includeOriginalText));
  form.set('keepEngineBreaks', String(f.keepEngineBreaks));
  setVoiceFields(form, f.voice);
  if (f.encoding) form.set('encoding', f.encoding);
  if (f.frameRate !== undefined) form.set('frameRate', String(f.frameRate));
  for (const file of f.files) form.append('files', file, file.name);
  return apiUpload('batchCreate', form);
}

/**
 * starts (or restarts) a task's translation, with the batch size stored in this browser if any;
 * with `part`, only what the balance covers, at most part.maxPoints (issue 34)
 */
export const startTask = (id: string, part?: { maxPoints: number }) =>
  api('taskStart', { id, ...storedBatchSize(), ...(part ? { part } : {}) });
export const deleteTask = (id: string) => api('taskDelete', { id });
