import type { SeriesMemory } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';

/** any constant: the namespace of the per-user lock taken while a series is created */
const SERIES_LOCK = 72_817_027;

export interface SeriesRow {
  id: string;
  user_id: number;
  name: string;
  source_language: string;
  target_language: string;
  memory: SeriesMemory;
  updated_at: Date;
  /** its live episodes */
  task_count: number;
}

const COLUMNS = `id, user_id, name, source_language, target_language, memory, updated_at,
  (SELECT count(*)::int FROM tasks t WHERE t.series_id = series.id AND t.deleted_at IS NULL) AS task_count`;

export interface SeriesFields {
  name: string;
  sourceLanguage: string;
  targetLanguage: string;
}

/** Serialises the series creations of one user until the transaction ends (the limit holds). */
export async function lockUserSeries(q: Queryable, userId: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock($1, $2)`, [SERIES_LOCK, userId]);
}

export async function countSeries(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM series WHERE user_id = $1`, [
    userId,
  ]);
  return row?.n ?? 0;
}

/** The user's series, last changed first. */
export function listSeries(q: Queryable, userId: number): Promise<SeriesRow[]> {
  return q.query<SeriesRow>(`SELECT ${COLUMNS} FROM series WHERE user_id = $1 ORDER BY updated_at DESC, id`, [
    userId,
  ]);
}

/** One of the user's series (another user's is not found); `lock` holds it to the transaction's end. */
export async function findSeries(
  q: Queryable,
  userId: number,
  id: string,
  lock = false,
): Promise<SeriesRow | undefined> {
  const [row] = await q.query<SeriesRow>(
    `SELECT ${COLUMNS} FROM series WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, userId],
  );
  return row;
}

/** A series by id alone, held to the transaction's end (its owner was checked before). */
export async function lockSeriesById(q: Queryable, id: string): Promise<SeriesRow | undefined> {
  const [row] = await q.query<SeriesRow>(`SELECT ${COLUMNS} FROM series WHERE id = $1 FOR UPDATE`, [id]);
  return row;
}

/** The series' live episodes, oldest first. */
export function seriesTasks(
  q: Queryable,
  seriesId: string,
): Promise<{ id: string; file_name: string; created_at: Date }[]> {
  return q.query(
    `SELECT id, file_name, created_at FROM tasks
      WHERE series_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
    [seriesId],
  );
}

export async function insertSeries(
  q: Queryable,
  userId: number,
  s: SeriesFields,
  memory: SeriesMemory,
): Promise<SeriesRow> {
  const [row] = await q.query<SeriesRow>(
    `INSERT INTO series (user_id, name, source_language, target_language, memory)
     VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING ${COLUMNS}`,
    [userId, s.name, s.sourceLanguage, s.targetLanguage, JSON.stringify(memory)],
  );
  return row!;
}

/** Updates a series of the user's (its memory too when given); undefined when not theirs. */
export async function updateSeries(
  q: Queryable,
  userId: number,
  id: string,
  s: SeriesFields,
  memory: SeriesMemory | undefined,
): Promise<SeriesRow | undefined> {
  const [row] = await q.query<SeriesRow>(
    `UPDATE series SET name = $3, source_language = $4, target_language = $5,
            memory = COALESCE($6::jsonb, memory), updated_at = now()
      WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, s.name, s.sourceLanguage, s.targetLanguage, memory ? JSON.stringify(memory) : null],
  );
  return row;
}

export async function saveSeriesMemory(q: Queryable, id: string, memory: SeriesMemory): Promise<void> {
  await q.query(`UPDATE series SET memory = $2::jsonb, updated_at = now() WHERE id = $1`, [
    id,
    JSON.stringify(memory),
  ]);
}

/** Whether a series of the user's was deleted (its episodes stay, as tasks of no series). */
export async function deleteSeries(q: Queryable, userId: number, id: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM series WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
  return rows.length > 0;
}

/** All of a user's series (their account's content is deleted); answers how many. */
export async function deleteSeriesOf(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query(`DELETE FROM series WHERE user_id = $1 RETURNING id`, [userId]);
  return rows.length;
}
