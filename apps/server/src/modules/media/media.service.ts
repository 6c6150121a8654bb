import type { submitCheckBody, submitExecuteBody } from '@subtrans/contract';
import {
  DETECT_STATUS,
  EXECUTE_STATUS,
  LIMITS,
  TRANS_ENGIN,
  type DetectionState,
  type DownloadUrl,
  type ExecutionState,
  type TranslationEngineName,
  type UiLanguage,
} from '@subtrans/contract';
import { taskPrice } from '@subtrans/subtitles';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import {
  clampBatchSize,
  findOwnTask,
  findTaskById,
  planMediaRun,
  setJobId,
  startMediaRun,
  storeVoice,
  taskEngine,
  userJobOptions,
  voiceInputOf,
  type TaskRow,
} from '../tasks/index.js';
import { MediaError, probeMedia } from '../../tools/ffmpeg/index.js';
import { DETECTION_FAILURES, failureText } from './media-messages.js';
import { PLAY_URL_SECONDS, READ_URL_SECONDS, tools } from './media-tools.js';
import { MEDIA_EXECUTE_JOB, MEDIA_PROBE_JOB } from './media-job-names.js';
import {
  claimMediaRun,
  failDetection,
  findOwnUploadByKey,
  finishDetection,
  insertMediaTask,
  moveUpload,
  ownsResultKey,
  setDetectStatus,
} from './media.repository.js';

/** the engine a /file/* call asks for (translationService, SPEC §7's transEngin, or DeepSeek) */
export function engineOf(body: {
  transEngin?: 1 | 2 | undefined;
  translationService?: TranslationEngineName | undefined;
}) {
  return body.translationService ?? (body.transEngin ? TRANS_ENGIN[body.transEngin] : 'deepseek');
}

/**
 * /file/submit_check_task: the caller's completed upload becomes a task (shown in the task list
 * at once, status processing) and its detection job is queued, in one transaction.
 */
export async function submitDetection(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof submitCheckBody>,
): Promise<{ taskId: string }> {
  if (!ctx.speech) throw new AppError('SPEECH_NOT_CONFIGURED');
  const queue = ctx.queue;
  if (!queue) throw new AppError('NOT_READY');
  const upload = await findOwnUploadByKey(ctx.db, userId, body.objectKey);
  if (!upload || upload.status !== 'completed') throw new AppError('MEDIA_NOT_FOUND');
  const service = engineOf(body);
  ctx.engines.get(service);
  const task = await ctx.db.tx(async (q) => {
    // one upload, one task: a second submit of the same object is refused
    if (!(await moveUpload(q, upload.id, 'completed', 'used'))) throw new AppError('MEDIA_NOT_FOUND');
    const row = await insertMediaTask(q, {
      userId,
      fileName: upload.file_name,
      mediaKey: upload.object_key,
      mediaType: body.type,
      mediaBytes: Number(upload.size_bytes),
      mediaLanguage: body.sourceLau,
      targetLanguage: body.targetLau || 'en',
      translationService: service,
      includeOriginalText: body.both === 2,
      keepEngineBreaks: body.keepEngineBreaks,
      unexecutedDays: ctx.env.MEDIA_UNEXECUTED_DAYS,
    });
    // issue 26's options, kept for the execution whenever (and from wherever) it is confirmed
    const pair = { source: body.sourceLau, target: row.target_language };
    await storeVoice(q, userId, row.id, body, { pair, engine: taskEngine(ctx, service) });
    const jobId = await queue.send(MEDIA_PROBE_JOB, { taskId: row.id }, { tx: q });
    await setJobId(q, row.id, jobId);
    return row;
  });
  ctx.log.info({ task: task.id, key: upload.object_key }, 'media detection queued');
  return { taskId: task.id };
}

async function ownMediaTask(ctx: AppContext, userId: number, taskId: string): Promise<TaskRow> {
  const task = await findOwnTask(ctx.db, userId, taskId);
  if (!task || task.kind !== 'media') throw new AppError('TASK_NOT_FOUND');
  return task;
}

/** /file/check_task: SPEC §4 detection status, with the duration once known. */
export async function checkDetection(
  ctx: AppContext,
  userId: number,
  taskId: string,
  lang: UiLanguage,
): Promise<DetectionState> {
  const task = await ownMediaTask(ctx, userId, taskId);
  const status = task.detect_status ?? DETECT_STATUS.queued;
  const ready = status === DETECT_STATUS.ready;
  const seconds = ready ? Math.ceil(Number(task.duration_ms) / 1000) : null;
  return {
    status,
    message:
      status === DETECT_STATUS.failed ? failureText(task, lang) : seconds !== null ? String(seconds) : '',
    duration: seconds,
    estimatedPoints: ready ? task.estimated_points : null,
    mediaExpiresAt: task.media_expires_at ? new Date(task.media_expires_at).toISOString() : null,
  };
}

/**
 * The detection job: the stored object is checked again (size, SPEC §5's 3 GB) and probed with
 * ffprobe, which decides whether it is media at all (never the extension); its duration gives the
 * cost (10 points per started minute, at least 10; no text rule: ffprobe measured the length).
 * The task then waits for the user's confirmation.
 */
export async function runDetection(
  ctx: AppContext,
  taskId: string,
  attempt: { retryCount: number; retryLimit: number; signal?: AbortSignal },
): Promise<void> {
  const task = await findTaskById(ctx.db, taskId);
  if (
    !task ||
    task.deleted_at ||
    task.status !== 'processing' ||
    task.execute_status !== null ||
    !task.media_key
  )
    return;
  const lastAttempt = attempt.retryCount >= attempt.retryLimit;
  try {
    await setDetectStatus(ctx.db, taskId, DETECT_STATUS.downloading);
    const stored = await ctx.storage.head(task.media_key);
    if (!stored) return await failDetection(ctx.db, taskId, 'MEDIA_NOT_FOUND', 'the uploaded file is gone');
    if (stored.size > LIMITS.mediaMaxBytes)
      return await failDetection(ctx.db, taskId, 'MEDIA_TOO_LARGE', `${stored.size} bytes`);
    const location = await ctx.storage.readableLocation(task.media_key, READ_URL_SECONDS);
    await setDetectStatus(ctx.db, taskId, DETECT_STATUS.analysing);
    const info = await probeMedia(location, {
      ...tools(ctx),
      ...(attempt.signal ? { signal: attempt.signal } : {}),
    });
    await finishDetection(ctx.db, taskId, info.durationMs, taskPrice({ durationMs: info.durationMs }).points);
    ctx.log.info({ task: taskId, durationMs: info.durationMs, format: info.formatName }, 'media detected');
  } catch (err) {
    if (err instanceof MediaError && err.reason !== 'failed' && err.reason !== 'aborted') {
      ctx.log.info({ task: taskId, reason: err.reason }, 'media refused');
      await failDetection(ctx.db, taskId, DETECTION_FAILURES[err.reason], err.message);
      return;
    }
    if (lastAttempt && !attempt.signal?.aborted) {
      ctx.log.warn({ err, task: taskId }, 'media detection failed');
      await failDetection(
        ctx.db,
        taskId,
        'MEDIA_DETECTION_FAILED',
        err instanceof Error ? err.message : String(err),
      );
      return;
    }
    throw err;
  }
}

/**
 * /file/submit_execute_task: needs a detected task (SPEC §5) and points ≥ its cost; claims it,
 * holds the points and queues the execution, all in one transaction (INSUFFICIENT_POINTS leaves
 * the task waiting and the balance untouched; two confirms cannot both run it). With `part`
 * (issue 34) a balance short of the cost buys the file's first whole minutes it covers.
 */
export async function submitExecution(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof submitExecuteBody>,
): Promise<{ taskId: string; status: number }> {
  if (!ctx.speech) throw new AppError('SPEECH_NOT_CONFIGURED');
  const queue = ctx.queue;
  if (!queue) throw new AppError('NOT_READY');
  const task = await ownMediaTask(ctx, userId, body.taskId);
  // its file was deleted, not executed in time
  if (!task.media_key) throw new AppError('MEDIA_EXPIRED');
  if (task.detect_status !== DETECT_STATUS.ready) throw new AppError('MEDIA_NOT_READY');
  if (task.status !== 'pending' && task.status !== 'failed') throw new AppError('TASK_ALREADY_STARTED');
  const service = engineOf(body);
  ctx.engines.get(service);
  const points = await ctx.db.tx(async (q) => {
    const plan = await planMediaRun(q, userId, task, body.part);
    const choices = {
      mediaLanguage: body.sourceLau,
      targetLanguage: body.targetLau,
      translationService: service,
      includeOriginalText: body.both === 2,
      keepEngineBreaks: body.keepEngineBreaks,
    };
    const claimed = await startMediaRun(ctx, q, async () => {
      const row = await claimMediaRun(q, userId, body.taskId, choices, plan);
      // issue 26: the options given now over those the detection stored (none given: kept)
      if (row)
        await storeVoice(q, userId, row.id, body, {
          pair: { source: body.sourceLau, target: body.targetLau },
          engine: taskEngine(ctx, service),
          base: voiceInputOf(row),
        });
      return row;
    });
    const batchSize = clampBatchSize(ctx, body.batchSize);
    const payload = { taskId: claimed.id, ...(batchSize ? { batchSize } : {}) };
    const jobId = await queue.send(MEDIA_EXECUTE_JOB, payload, userJobOptions(q, userId));
    await setJobId(q, claimed.id, jobId);
    return claimed.estimated_points;
  });
  ctx.log.info({ task: body.taskId, points }, 'media execution queued');
  return { taskId: body.taskId, status: EXECUTE_STATUS.queued };
}

/** /file/check_execute_task: SPEC §4 execute status, and where the SRT is once completed. */
export async function checkExecution(
  ctx: AppContext,
  userId: number,
  taskId: string,
  lang: UiLanguage,
): Promise<ExecutionState> {
  const task = await ownMediaTask(ctx, userId, taskId);
  const status = task.execute_status ?? EXECUTE_STATUS.queued;
  return {
    status,
    srtObjectKey: status === EXECUTE_STATUS.completed ? task.result_key : null,
    message: status === EXECUTE_STATUS.failed ? failureText(task, lang) : '',
    progress: task.progress,
  };
}

/**
 * /file/sts-down-credentials: a signed GET URL for the caller's own upload, result or task media
 * (with its waveform's, issue 38): an audio/video task's, or those given to a subtitle-file task.
 */
export async function downloadUrl(
  ctx: AppContext,
  userId: number,
  body: { objectKey?: string | undefined; taskId?: string | undefined },
): Promise<DownloadUrl> {
  const expiresAt = new Date(Date.now() + PLAY_URL_SECONDS * 1000).toISOString();
  if (body.taskId) {
    const task = await findOwnTask(ctx.db, userId, body.taskId);
    // a subtitle file without media is no media task, as before issue 38 gave it some
    if (!task || (task.kind !== 'media' && !task.media_key)) throw new AppError('TASK_NOT_FOUND');
    if (!task.media_key || !task.media_type) throw new AppError('MEDIA_NOT_FOUND');
    const url = await ctx.storage.downloadUrl(task.media_key, PLAY_URL_SECONDS);
    const peaksUrl = task.peaks_key ? await ctx.storage.downloadUrl(task.peaks_key, PLAY_URL_SECONDS) : null;
    return { url, expiresAt, mediaType: task.media_type, ...(peaksUrl ? { peaksUrl } : {}) };
  }
  const key = body.objectKey!;
  const upload = await findOwnUploadByKey(ctx.db, userId, key);
  const owned = upload
    ? upload.status === 'completed' || upload.status === 'used'
    : await ownsResultKey(ctx.db, userId, key);
  if (!owned) throw new AppError('MEDIA_NOT_FOUND');
  const fileName = key.endsWith('.srt') ? key.slice(key.lastIndexOf('/') + 1) : undefined;
  return {
    url: await ctx.storage.downloadUrl(key, PLAY_URL_SECONDS, fileName ? { fileName } : {}),
    expiresAt,
  };
}
