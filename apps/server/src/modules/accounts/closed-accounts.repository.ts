import type { Queryable } from '../../db/client.js';

/**
 * Accounts closed at least `days` before `now` whose content was not deleted yet, oldest closing
 * first, after the id `afterId` (the caller pages through them).
 */
export async function closedForContentDeletion(
  q: Queryable,
  now: Date,
  days: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM users
      WHERE deleted_at IS NOT NULL AND content_deleted_at IS NULL AND id > $3
        AND deleted_at <= $1::timestamptz - make_interval(days => $2)
      ORDER BY id LIMIT $4`,
    [now, days, afterId, limit],
  );
  return rows.map((r) => r.id);
}

export async function markContentDeleted(q: Queryable, id: number): Promise<void> {
  await q.query(`UPDATE users SET content_deleted_at = now() WHERE id = $1`, [id]);
}

/** Accounts closed at least `years` before `now`, after the id `afterId`. */
export async function closedForRecordsDeletion(
  q: Queryable,
  now: Date,
  years: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM users
      WHERE deleted_at IS NOT NULL AND id > $3 AND deleted_at <= $1::timestamptz - make_interval(years => $2)
      ORDER BY id LIMIT $4`,
    [now, years, afterId, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * Deletes a closed account's row (its sessions and counters go by cascade, contact messages keep
 * no link). A closed manager named by other accounts' ledger entries stays, anonymised, until
 * those entries go (the ledger cannot be changed to forget the name). Answers whether it went.
 */
export async function deleteClosedUser(q: Queryable, id: number): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM users WHERE id = $1 AND deleted_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.actor_id = $1)
      RETURNING 1`,
    [id],
  );
  return rows.length > 0;
}
