import type { SeriesMemory } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';

/**
 * PLACEHOLDER, to be replaced at merge by the glossary and series modules of issue 26 (branch
 * h26g): import glossariesForTask from modules/glossary/index.ts and seriesMemoryOf,
 * mergeSeriesMemory from modules/series/index.ts instead, and delete this file. On this branch
 * there are no glossaries or series, so any id given is one the caller does not own.
 */

/** Checks that the ids are the caller's glossaries for the task's language pair. */
export async function glossariesForTask(
  _q: Queryable,
  _userId: number,
  ids: readonly string[],
  _pair: { source: string; target: string },
): Promise<void> {
  if (ids.length) throw new AppError('GLOSSARY_NOT_FOUND');
}

/** The caller's series' memory of names and terms (SERIES_NOT_FOUND when not theirs). */
export function seriesMemoryOf(_q: Queryable, _userId: number, _seriesId: string): Promise<SeriesMemory> {
  return Promise.reject(new AppError('SERIES_NOT_FOUND'));
}

/** Merges names and terms into a series' memory (the ones given replace the ones it holds). */
export async function mergeSeriesMemory(
  _q: Queryable,
  _seriesId: string,
  _memory: SeriesMemory,
): Promise<void> {}
