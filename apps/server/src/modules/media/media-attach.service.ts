import type { AttachMediaBody, Overview } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { MediaError, probeMedia, type MediaInfo } from '../../tools/ffmpeg/index.js';
import { queueDeletions } from '../storage/object-deletions.repository.js';
import { purgeObjects } from '../storage/object-deletions.service.js';
import { findOwnTask } from '../tasks/index.js';
import { lockTaskMedia, setTaskMedia } from './media-attach.repository.js';
import { MEDIA_OVERVIEW_JOB } from './media-job-names.js';
import { DETECTION_FAILURES } from './media-messages.js';
import { restartOverview } from './media-overview.repository.js';
import { READ_URL_SECONDS, tools } from './media-tools.js';
import { findOwnUploadByKey, moveUpload } from './media.repository.js';

/**
 * ffprobe on the stored object, as the detection runs it: what is not audio or video, or has no
 * sound, is refused with the detection's words (the upload stays usable: a probe that failed for
 * the server's sake may be tried again, and an unused upload expires as any does).
 */
async function probeUpload(ctx: AppContext, objectKey: string): Promise<MediaInfo> {
  if (!(await ctx.storage.head(objectKey))) throw new AppError('MEDIA_NOT_FOUND');
  const location = await ctx.storage.readableLocation(objectKey, READ_URL_SECONDS);
  try {
    return await probeMedia(location, tools(ctx));
  } catch (err) {
    if (!(err instanceof MediaError)) throw err;
    ctx.log.info({ key: objectKey, reason: err.reason, err }, 'media to attach refused');
    throw new AppError(DETECTION_FAILURES[err.reason]);
  }
}

/**
 * /file/attach_media (issue 38): a subtitle-file task is given its video or audio afterwards, for
 * the editor's player, waveform and shot changes. The object is the caller's own completed upload,
 * not used by a task yet; it is probed now (the request waits for ffprobe), then, in one
 * transaction: the upload is used, the task names it (2 when it has a picture, else 1), the media
 * it named before and their waveform are queued for deletion, and the overview starts again with
 * its job queued. Nothing is transcribed and no points move; the file counts toward the user's
 * stored audio/video as any upload does (checked when the upload started).
 */
export async function attachMedia(ctx: AppContext, userId: number, body: AttachMediaBody): Promise<Overview> {
  const queue = ctx.queue;
  if (!queue) throw new AppError('NOT_READY');
  const task = await findOwnTask(ctx.db, userId, body.taskId);
  if (!task) throw new AppError('TASK_NOT_FOUND');
  if (task.kind !== 'srt') throw new AppError('MEDIA_TASK_HAS_MEDIA');
  const upload = await findOwnUploadByKey(ctx.db, userId, body.objectKey);
  if (!upload || upload.status !== 'completed') throw new AppError('MEDIA_NOT_FOUND');
  const info = await probeUpload(ctx, upload.object_key);
  const mediaMs = Math.max(1, info.durationMs);
  const media = {
    key: upload.object_key,
    type: info.hasVideo ? 2 : 1,
    bytes: Number(upload.size_bytes),
  } as const;
  const replaced = await ctx.db.tx(async (q) => {
    // deleted (or its account closed) while the probe ran: the upload stays as it was
    const current = await lockTaskMedia(q, userId, task.id);
    if (!current) throw new AppError('TASK_NOT_FOUND');
    // one upload, one task: attached twice, or taken by a detection meanwhile, it is refused
    if (!(await moveUpload(q, upload.id, 'completed', 'used'))) throw new AppError('MEDIA_NOT_FOUND');
    await setTaskMedia(q, task.id, media);
    const earlier = [current.media_key, current.peaks_key].filter((k): k is string => Boolean(k));
    await queueDeletions(q, earlier, 'media-replaced');
    await restartOverview(q, task.id, mediaMs);
    // a job still on the earlier media keeps this one out (its singleton key) and starts again itself
    await queue.send(MEDIA_OVERVIEW_JOB, { taskId: task.id }, { tx: q, singletonKey: task.id });
    return earlier;
  });
  // a storage failure leaves them queued for the scheduled sweep
  if (replaced.length) await purgeObjects(ctx, replaced);
  ctx.log.info(
    { task: task.id, key: media.key, type: media.type, durationMs: mediaMs, replaced: replaced.length },
    'media attached to a subtitle task',
  );
  return { state: 'working', progress: 0, durationMs: mediaMs };
}
