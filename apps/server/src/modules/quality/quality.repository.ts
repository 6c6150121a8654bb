import type { Queryable } from '../../db/client.js';

/** The user's stored overrides for a target language ({} when none). */
export async function findOverrides(q: Queryable, userId: number, target: string): Promise<unknown> {
  const rows = await q.query<{ overrides: unknown }>(
    `SELECT overrides FROM quality_limits WHERE user_id = $1 AND target_language = $2`,
    [userId, target],
  );
  return rows[0]?.overrides ?? {};
}

/** Stores the overrides (already within their bounds); an empty set removes the row. */
export async function saveOverrides(
  q: Queryable,
  userId: number,
  target: string,
  overrides: Record<string, number>,
): Promise<void> {
  if (Object.keys(overrides).length === 0) {
    await q.query(`DELETE FROM quality_limits WHERE user_id = $1 AND target_language = $2`, [userId, target]);
    return;
  }
  await q.query(
    `INSERT INTO quality_limits (user_id, target_language, overrides) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (user_id, target_language) DO UPDATE SET overrides = EXCLUDED.overrides, updated_at = now()`,
    [userId, target, JSON.stringify(overrides)],
  );
}
