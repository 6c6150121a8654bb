import type { Queryable } from '../../db/client.js';

/**
 * Claims segments for re-translation until a deadline; answers the positions claimed (those
 * already claimed by a running re-translation are left out).
 */
export async function claimForRetranslation(
  q: Queryable,
  taskId: string,
  positions: number[],
  seconds: number,
): Promise<number[]> {
  const rows = await q.query<{ position: number }>(
    `UPDATE task_segments SET retranslating_until = now() + make_interval(secs => $3)
      WHERE task_id = $1 AND position = ANY($2::int[])
        AND (retranslating_until IS NULL OR retranslating_until < now())
      RETURNING position`,
    [taskId, positions, seconds],
  );
  return rows.map((r) => r.position);
}

export async function releaseRetranslation(q: Queryable, taskId: string, positions: number[]): Promise<void> {
  await q.query(
    `UPDATE task_segments SET retranslating_until = NULL WHERE task_id = $1 AND position = ANY($2::int[])`,
    [taskId, positions],
  );
}
