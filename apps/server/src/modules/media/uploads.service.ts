import { randomBytes } from 'node:crypto';
import {
  INPUT_RULES,
  LIMITS,
  MEDIA_FOLDERS,
  UPLOAD_PART_SIZE,
  mediaTypeOfName,
  type CompletedUpload,
  type UploadPartUrls,
  type UploadTicket,
} from '@subtrans/contract';
import type { z } from 'zod';
import type { completeUploadBody, startUploadBody, uploadPartsBody } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { AppError, invalidField } from '../../http/errors.js';
import { outOfSpace } from '../../db/out-of-space.js';
import { MULTIPART } from '../../providers/storage/storage.js';
import { findOwnUpload, insertUpload, moveUpload, staleUploads, type UploadRow } from './media.repository.js';
import { lockUserUploads } from './storage-usage.repository.js';
import { assertWithinCaps } from './upload-caps.js';

/** presigned part URLs live this long; a slower upload asks again for the parts it still needs */
const PART_URL_SECONDS = 3600;

/** SPEC §7: translated-videos/file_{timestamp}_{random}.{ext} */
export function mediaObjectKey(type: 1 | 2, fileName: string, now = Date.now()): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase();
  return `${MEDIA_FOLDERS[type]}/file_${now}_${randomBytes(6).toString('hex')}${ext ? `.${ext}` : ''}`;
}

const partCountOf = (u: Pick<UploadRow, 'size_bytes' | 'part_size'>) =>
  Math.ceil(Number(u.size_bytes) / u.part_size);

/**
 * /file/sts-credentials: one multipart upload of one object, owned by the caller, within the
 * caller's caps (open uploads, stored bytes: checked again under a per-user lock with the upload's
 * row written in the same transaction, so concurrent starts cannot together pass them).
 */
export async function startUpload(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof startUploadBody>,
): Promise<UploadTicket> {
  // taken without speech recognition too: a subtitle file's video needs none (issue 38); the
  // transcription's calls (submit_check_task, submit_execute_task) refuse it there
  // SPEC §5: video or audio only (the server probes the content later; this is the first gate)
  if (mediaTypeOfName(body.fileName) === null) throw new AppError('MEDIA_NOT_AUDIO_VIDEO');
  if (body.size > LIMITS.mediaMaxBytes) throw new AppError('MEDIA_TOO_LARGE');
  // a user at a cap is refused before anything is asked of the storage
  await assertWithinCaps(ctx, ctx.db, userId, body.size);
  const partSize = Math.max(
    UPLOAD_PART_SIZE,
    MULTIPART.minPartSize,
    Math.ceil(body.size / MULTIPART.maxParts),
  );
  const objectKey = mediaObjectKey(body.type, body.fileName);
  let storageUploadId: string;
  try {
    storageUploadId = await ctx.storage.createMultipartUpload(objectKey, {
      contentType: body.contentType,
      partSize,
    });
  } catch (err) {
    // a full disk is said as such (OUT_OF_STORAGE), and alerts the operator once
    if (outOfSpace(err)) throw err;
    ctx.log.error({ err }, 'starting an upload failed');
    throw new AppError('STORAGE_FAILED');
  }
  let row: UploadRow;
  try {
    row = await ctx.db.tx(async (q) => {
      await lockUserUploads(q, userId);
      await assertWithinCaps(ctx, q, userId, body.size);
      return insertUpload(q, {
        user_id: userId,
        object_key: objectKey,
        file_name: body.fileName,
        media_type: body.type,
        content_type: body.contentType,
        size_bytes: body.size,
        part_size: partSize,
        storage_upload_id: storageUploadId,
      });
    });
  } catch (err) {
    // lost the race for the last place: the storage's empty upload goes too
    await ctx.storage.abortMultipartUpload(objectKey, storageUploadId).catch(() => undefined);
    throw err;
  }
  return { uploadId: row.id, objectKey, partSize, partCount: partCountOf(row) };
}

async function openUpload(ctx: AppContext, userId: number, uploadId: string): Promise<UploadRow> {
  const row = await findOwnUpload(ctx.db, userId, uploadId);
  if (!row || row.status !== 'uploading') throw new AppError('UPLOAD_NOT_FOUND');
  return row;
}

/** /file/upload_parts: presigned PUT URLs for parts of the caller's own open upload. */
export async function partUrls(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof uploadPartsBody>,
): Promise<UploadPartUrls> {
  const row = await openUpload(ctx, userId, body.uploadId);
  const count = partCountOf(row);
  const bad = body.partNumbers.findIndex((n) => n > count);
  if (bad >= 0) {
    throw invalidField(['partNumbers', bad], {
      kind: 'rule',
      rule: INPUT_RULES.partBeyondUpload,
      params: { max: count },
    });
  }
  const urls = await Promise.all(
    [...new Set(body.partNumbers)].map(async (partNumber) => ({
      partNumber,
      url: await ctx.storage.partUploadUrl(
        row.object_key,
        row.storage_upload_id,
        partNumber,
        PART_URL_SECONDS,
        // every part but the last is partSize: the storage takes no more than was declared
        partNumber < count ? row.part_size : Number(row.size_bytes) - (count - 1) * row.part_size,
      ),
    })),
  );
  return { urls, expiresAt: new Date(Date.now() + PART_URL_SECONDS * 1000).toISOString() };
}

/**
 * /file/complete_upload: joins the parts, then checks the stored object against what was
 * declared (and SPEC §5's 3 GB) before anyone may use it.
 */
export async function completeUpload(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof completeUploadBody>,
): Promise<CompletedUpload> {
  const row = await openUpload(ctx, userId, body.uploadId);
  const count = partCountOf(row);
  const numbers = new Set(body.parts.map((p) => p.partNumber));
  if (numbers.size !== count || body.parts.some((p) => p.partNumber > count))
    throw new AppError('UPLOAD_INCOMPLETE', undefined, { parts: count, given: numbers.size });
  try {
    await ctx.storage.completeMultipartUpload(row.object_key, row.storage_upload_id, body.parts);
  } catch (err) {
    if (outOfSpace(err)) throw err;
    // the storage's own words (English, perhaps an address) go to the log, not to the user
    ctx.log.warn({ err, upload: row.id }, 'completing an upload failed');
    throw new AppError('UPLOAD_INCOMPLETE');
  }
  const stored = await ctx.storage.head(row.object_key);
  if (!stored || stored.size !== Number(row.size_bytes) || stored.size > LIMITS.mediaMaxBytes) {
    await ctx.storage.delete(row.object_key).catch(() => undefined);
    await moveUpload(ctx.db, row.id, 'uploading', 'aborted');
    if (stored && stored.size > LIMITS.mediaMaxBytes) throw new AppError('MEDIA_TOO_LARGE');
    throw new AppError('UPLOAD_INCOMPLETE', undefined, {
      storedBytes: stored?.size ?? 0,
      declaredBytes: Number(row.size_bytes),
    });
  }
  if (!(await moveUpload(ctx.db, row.id, 'uploading', 'completed'))) throw new AppError('UPLOAD_NOT_FOUND');
  return { objectKey: row.object_key, size: stored.size };
}

/** /file/abort_upload: the parts are deleted; the upload cannot be resumed (with or without speech). */
export async function abortUpload(ctx: AppContext, userId: number, uploadId: string): Promise<void> {
  const row = await openUpload(ctx, userId, uploadId);
  await abortStored(ctx, row);
}

async function abortStored(ctx: AppContext, row: UploadRow): Promise<void> {
  if (!(await moveUpload(ctx.db, row.id, 'uploading', 'aborted'))) return;
  await ctx.storage.abortMultipartUpload(row.object_key, row.storage_upload_id).catch((err: unknown) => {
    ctx.log.warn({ err, upload: row.id }, 'aborting an upload in storage failed');
  });
}

/** Scheduled: uploads left open for a day are aborted, so their parts do not fill the disk. */
export async function cleanupUploads(ctx: AppContext, hours = 24): Promise<number> {
  const stale = await staleUploads(ctx.db, hours);
  for (const row of stale) await abortStored(ctx, row);
  return stale.length;
}
