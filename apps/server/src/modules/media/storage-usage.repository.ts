import type { Queryable } from '../../db/client.js';

/** any constant: the namespace of the per-user advisory lock taken while an upload starts */
const UPLOAD_LOCK = 72_817_016;

/**
 * Serialises the upload starts of one user until the transaction ends, so concurrent starts are
 * counted one after the other and cannot together pass a cap.
 */
export async function lockUserUploads(q: Queryable, userId: number): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock($1, $2)`, [UPLOAD_LOCK, userId]);
}

export interface MediaUsage {
  /** uploads started and not completed (nor aborted) */
  openUploads: number;
  /**
   * bytes held for the user: open and completed-but-unused uploads (declared sizes), plus the
   * media of live tasks whose object is still stored (audio/video tasks', and those given to
   * subtitle-file tasks, issue 38)
   */
  storedBytes: number;
}

export async function mediaUsage(q: Queryable, userId: number): Promise<MediaUsage> {
  const [row] = await q.query<{
    open_uploads: number;
    upload_bytes: number | string;
    task_bytes: number | string;
  }>(
    `SELECT
       (SELECT count(*)::int FROM media_uploads WHERE user_id = $1 AND status = 'uploading') AS open_uploads,
       (SELECT coalesce(sum(size_bytes), 0)::float8 FROM media_uploads
         WHERE user_id = $1 AND status IN ('uploading', 'completed')) AS upload_bytes,
       (SELECT coalesce(sum(media_bytes), 0)::float8 FROM tasks
         WHERE user_id = $1 AND deleted_at IS NULL AND media_key IS NOT NULL) AS task_bytes`,
    [userId],
  );
  return {
    openUploads: row!.open_uploads,
    storedBytes: Number(row!.upload_bytes) + Number(row!.task_bytes),
  };
}
