import type { Queryable } from '../../db/client.js';

export interface OpenUpload {
  id: string;
  object_key: string;
  storage_upload_id: string;
}

/** A closing account's uploads in progress are aborted (caller's transaction); answers them. */
export async function abortOpenUploadsOf(q: Queryable, userId: number): Promise<OpenUpload[]> {
  return q.query<OpenUpload>(
    `UPDATE media_uploads SET status = 'aborted' WHERE user_id = $1 AND status = 'uploading'
      RETURNING id, object_key, storage_upload_id`,
    [userId],
  );
}

/** Deletes every upload row of a user; answers their object keys. */
export async function deleteUploadsOf(q: Queryable, userId: number): Promise<string[]> {
  const rows = await q.query<{ object_key: string }>(
    `DELETE FROM media_uploads WHERE user_id = $1 RETURNING object_key`,
    [userId],
  );
  return rows.map((r) => r.object_key);
}
