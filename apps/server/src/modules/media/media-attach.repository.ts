import type { Queryable } from '../../db/client.js';
import type { TaskRow } from '../tasks/index.js';

export type TaskMedia = Pick<TaskRow, 'kind' | 'media_key' | 'peaks_key'>;

/**
 * The caller's own live task's media as they are, its row locked until the transaction ends: two
 * attaches to one task take their turns, and each replaces what the one before it left.
 */
export async function lockTaskMedia(
  q: Queryable,
  userId: number,
  taskId: string,
): Promise<TaskMedia | undefined> {
  const rows = await q.query<TaskMedia>(
    `SELECT kind, media_key, peaks_key FROM tasks
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE`,
    [taskId, userId],
  );
  return rows[0];
}

/** A subtitle-file task's audio/video (issue 38), without a waveform until its job makes one. */
export async function setTaskMedia(
  q: Queryable,
  taskId: string,
  media: { key: string; type: 1 | 2; bytes: number },
): Promise<void> {
  await q.query(
    `UPDATE tasks SET media_key = $2, media_type = $3, media_bytes = $4, peaks_key = NULL, updated_at = now()
      WHERE id = $1 AND kind = 'srt'`,
    [taskId, media.key, media.type, media.bytes],
  );
}
