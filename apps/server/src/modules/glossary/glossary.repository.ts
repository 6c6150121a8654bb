import type { GlossaryEntry } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';

/** any constant: the namespace of the per-user lock taken while a glossary is created */
const GLOSSARY_LOCK = 72_817_026;

export interface GlossaryRow {
  id: string;
  user_id: number;
  name: string;
  source_language: string;
  target_language: string;
  entry_count: number;
  updated_at: Date;
  /** only when read with its entries */
  entries?: GlossaryEntry[];
}

const SUMMARY = `id, user_id, name, source_language, target_language, entry_count, updated_at`;
const FULL = `${SUMMARY}, entries`;

export interface GlossaryFields {
  name: string;
  sourceLanguage: string;
  targetLanguage: string;
  entries: GlossaryEntry[];
}

/**
 * Serialises the glossary creations of one user until the transaction ends, so two at once
 * cannot together pass the limit.
 */
export async function lockUserGlossaries(q: Queryable, userId: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock($1, $2)`, [GLOSSARY_LOCK, userId]);
}

export async function countGlossaries(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM glossaries WHERE user_id = $1`, [
    userId,
  ]);
  return row?.n ?? 0;
}

/** The user's glossaries without their entries, last changed first. */
export function listGlossaries(q: Queryable, userId: number): Promise<GlossaryRow[]> {
  return q.query<GlossaryRow>(
    `SELECT ${SUMMARY} FROM glossaries WHERE user_id = $1 ORDER BY updated_at DESC, id`,
    [userId],
  );
}

/** One of the user's glossaries with its entries (another user's is not found). */
export async function findGlossary(
  q: Queryable,
  userId: number,
  id: string,
): Promise<GlossaryRow | undefined> {
  const [row] = await q.query<GlossaryRow>(`SELECT ${FULL} FROM glossaries WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return row;
}

/** Those of the ids that are the user's glossaries, with their entries (in no set order). */
export function findGlossaries(q: Queryable, userId: number, ids: readonly string[]): Promise<GlossaryRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return q.query<GlossaryRow>(`SELECT ${FULL} FROM glossaries WHERE user_id = $1 AND id = ANY($2::uuid[])`, [
    userId,
    ids,
  ]);
}

export async function insertGlossary(q: Queryable, userId: number, g: GlossaryFields): Promise<GlossaryRow> {
  const [row] = await q.query<GlossaryRow>(
    `INSERT INTO glossaries (user_id, name, source_language, target_language, entries, entry_count)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     RETURNING ${FULL}`,
    [userId, g.name, g.sourceLanguage, g.targetLanguage, JSON.stringify(g.entries), g.entries.length],
  );
  return row!;
}

/** Replaces a glossary of the user's; undefined when it is not theirs (or gone). */
export async function updateGlossary(
  q: Queryable,
  userId: number,
  id: string,
  g: GlossaryFields,
): Promise<GlossaryRow | undefined> {
  const [row] = await q.query<GlossaryRow>(
    `UPDATE glossaries
        SET name = $3, source_language = $4, target_language = $5, entries = $6::jsonb, entry_count = $7,
            updated_at = now()
      WHERE id = $1 AND user_id = $2
      RETURNING ${FULL}`,
    [id, userId, g.name, g.sourceLanguage, g.targetLanguage, JSON.stringify(g.entries), g.entries.length],
  );
  return row;
}

/** Whether a glossary of the user's was deleted. */
export async function deleteGlossary(q: Queryable, userId: number, id: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM glossaries WHERE id = $1 AND user_id = $2 RETURNING id`, [
    id,
    userId,
  ]);
  return rows.length > 0;
}

/** All of a user's glossaries (their account's content is deleted); answers how many. */
export async function deleteGlossariesOf(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query(`DELETE FROM glossaries WHERE user_id = $1 RETURNING id`, [userId]);
  return rows.length;
}
