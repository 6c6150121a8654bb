import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { queueDeletions } from '../storage/object-deletions.repository.js';
import { abortOpenUploadsOf, deleteUploadsOf, type OpenUpload } from './account-uploads.repository.js';

/**
 * Account closing: the user's uploads in progress stop, in the closing transaction (no part URL or
 * completion is accepted for them any more); answers them, for abortStoredUploads after it commits.
 */
export function stopUploadsOf(q: Queryable, userId: number): Promise<OpenUpload[]> {
  return abortOpenUploadsOf(q, userId);
}

/** The storage's side of stopped uploads: their parts are discarded (a failure is only logged). */
export async function abortStoredUploads(ctx: AppContext, uploads: OpenUpload[]): Promise<void> {
  for (const u of uploads) {
    await ctx.storage.abortMultipartUpload(u.object_key, u.storage_upload_id).catch((err: unknown) => {
      ctx.log.warn({ err, upload: u.id }, 'aborting an upload in storage failed');
    });
  }
}

/**
 * A closed account's uploads go 30 days after the closing: the rows, and their objects queued for
 * deletion in the caller's transaction. Answers the keys queued.
 */
export async function deleteUploadContentOf(q: Queryable, userId: number): Promise<string[]> {
  const keys = [...new Set(await deleteUploadsOf(q, userId))];
  await queueDeletions(q, keys, 'account-closed');
  return keys;
}
