import type { z } from 'zod';
import {
  BRIEF_LIMITS,
  seriesMemorySchema,
  type saveSeriesBody,
  type Series,
  type SeriesMemory,
  type SeriesSummary,
} from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { mergeMemory } from './series-memory.js';
import {
  countSeries,
  deleteSeries as deleteRow,
  findSeries,
  insertSeries,
  listSeries as listRows,
  lockSeriesById,
  lockUserSeries,
  saveSeriesMemory,
  seriesTasks,
  updateSeries,
  type SeriesFields,
  type SeriesRow,
} from './series.repository.js';

const EMPTY: SeriesMemory = { characters: [], terms: [] };

const toSummary = (r: SeriesRow): SeriesSummary => ({
  id: r.id,
  name: r.name,
  sourceLanguage: r.source_language,
  targetLanguage: r.target_language,
  taskCount: r.task_count,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** the stored memory as the contract reads it (a row written before a field existed gets its default) */
const memoryOf = (r: SeriesRow): SeriesMemory => seriesMemorySchema.parse(r.memory ?? EMPTY);

async function toSeries(q: Queryable, r: SeriesRow): Promise<Series> {
  const tasks = await seriesTasks(q, r.id);
  return {
    ...toSummary(r),
    memory: memoryOf(r),
    tasks: tasks.map((t) => ({
      id: t.id,
      fileName: t.file_name,
      submitTime: new Date(t.created_at).toISOString(),
    })),
  };
}

async function ownSeries(q: Queryable, userId: number, id: string, lock = false): Promise<SeriesRow> {
  const row = await findSeries(q, userId, id, lock);
  if (!row) throw new AppError('SERIES_NOT_FOUND');
  return row;
}

/** /series/list */
export async function listSeries(ctx: AppContext, userId: number): Promise<SeriesSummary[]> {
  return (await listRows(ctx.db, userId)).map(toSummary);
}

/** /series/get: with its memory and its episodes */
export async function getSeries(ctx: AppContext, userId: number, id: string): Promise<Series> {
  return toSeries(ctx.db, await ownSeries(ctx.db, userId, id));
}

/** /series/save: a new series (within the user's limit) or one of the user's updated. */
export async function saveSeries(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof saveSeriesBody>,
): Promise<Series> {
  const fields: SeriesFields = {
    name: input.name,
    sourceLanguage: input.sourceLanguage,
    targetLanguage: input.targetLanguage,
  };
  return ctx.db.tx(async (q) => {
    if (input.id) {
      const row = await updateSeries(q, userId, input.id, fields, input.memory);
      if (!row) throw new AppError('SERIES_NOT_FOUND');
      return toSeries(q, row);
    }
    await lockUserSeries(q, userId);
    if ((await countSeries(q, userId)) >= BRIEF_LIMITS.seriesPerUser)
      throw new AppError('SERIES_LIMIT', undefined, { max: BRIEF_LIMITS.seriesPerUser });
    return toSeries(q, await insertSeries(q, userId, fields, input.memory ?? EMPTY));
  });
}

/** /series/delete: its episodes stay, as tasks of no series */
export async function deleteSeries(ctx: AppContext, userId: number, id: string): Promise<void> {
  if (!(await deleteRow(ctx.db, userId, id))) throw new AppError('SERIES_NOT_FOUND');
}

/** The memory of a series of the user's (SERIES_NOT_FOUND otherwise): for a new episode's brief. */
export async function seriesMemoryOf(q: Queryable, userId: number, seriesId: string): Promise<SeriesMemory> {
  return memoryOf(await ownSeries(q, userId, seriesId));
}

/**
 * An episode's corrected names and terms into its series' memory (series-memory.ts), the row held
 * meanwhile so two episodes saved at once both count. A series deleted meanwhile takes nothing.
 */
export async function mergeSeriesMemory(q: Queryable, seriesId: string, memory: SeriesMemory): Promise<void> {
  const row = await lockSeriesById(q, seriesId);
  if (!row) return;
  await saveSeriesMemory(q, seriesId, mergeMemory(memoryOf(row), memory));
}
