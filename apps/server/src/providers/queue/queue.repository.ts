import type { Db as BossDb } from 'pg-boss';

/**
 * Back to `created` with no start time (pg-boss counts a retry only when it claims a job that
 * has one), fenced to this claim: answers false when the job is no longer ours.
 */
export async function putJobBack(
  db: BossDb,
  schema: string,
  job: { name: string; id: string; retryCount: number },
): Promise<boolean> {
  const { rows } = await db.executeSql(
    `UPDATE "${schema}".job SET state = 'created', started_on = NULL, heartbeat_on = NULL
          WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3
          RETURNING id`,
    [job.name, job.id, job.retryCount],
  );
  return rows.length > 0;
}
