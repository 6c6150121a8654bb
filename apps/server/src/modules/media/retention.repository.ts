import type { Queryable } from '../../db/client.js';

/**
 * Audio/video tasks whose execution never started (waiting for confirmation, detection failed, or
 * still detecting) and whose expiry has passed: failed with MEDIA_EXPIRED and without media (not
 * executable any more), their object queued for deletion, in one statement. Answers how many.
 */
export async function expireUnexecutedTasks(q: Queryable, limit: number): Promise<number> {
  const rows = await q.query(
    `WITH due AS (
       SELECT id, media_key FROM tasks
        WHERE media_expires_at <= now() AND kind = 'media' AND execute_status IS NULL
          AND deleted_at IS NULL AND media_key IS NOT NULL
        ORDER BY media_expires_at LIMIT $1 FOR UPDATE SKIP LOCKED),
     expired AS (
       UPDATE tasks t
          SET status = 'failed', detect_status = 5, error_key = 'MEDIA_EXPIRED',
              error = 'the file was deleted: it was not executed before ' || to_char(t.media_expires_at, 'YYYY-MM-DD'),
              media_key = NULL, media_expires_at = NULL, finished_at = now(), updated_at = now()
         FROM due WHERE t.id = due.id
       RETURNING due.media_key)
     INSERT INTO storage_deletions (object_key, reason)
     SELECT media_key, 'media-unexecuted' FROM expired
     ON CONFLICT (object_key) DO NOTHING
     RETURNING 1`,
    [limit],
  );
  return rows.length;
}

/** Completed uploads never submitted for `days`: expired, their object queued for deletion. */
export async function expireUnsubmittedUploads(q: Queryable, days: number, limit: number): Promise<number> {
  const rows = await q.query(
    `WITH due AS (
       SELECT id FROM media_uploads
        WHERE status = 'completed' AND completed_at <= now() - make_interval(days => $1)
        ORDER BY completed_at LIMIT $2 FOR UPDATE SKIP LOCKED),
     expired AS (
       UPDATE media_uploads u SET status = 'expired' FROM due WHERE u.id = due.id RETURNING u.object_key)
     INSERT INTO storage_deletions (object_key, reason)
     SELECT object_key, 'upload-unsubmitted' FROM expired
     ON CONFLICT (object_key) DO NOTHING
     RETURNING 1`,
    [days, limit],
  );
  return rows.length;
}
