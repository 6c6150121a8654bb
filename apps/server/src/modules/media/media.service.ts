import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { submitCheckBody, submitExecuteBody } from '@subtrans/contract';
import {
  DETECT_STATUS,
  EXECUTE_STATUS,
  LIMITS,
  TRANS_ENGIN,
  type DetectionState,
  type DownloadUrl,
  type ErrorKey,
  type ExecutionState,
  type TranslationEngineName,
  type UiLanguage,
} from '@subtrans/contract';
import { cuesFromTranscript, taskPrice } from '@subtrans/subtitles';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { SpeechError, type Transcript } from '../../engines/speech/engine.js';
import { mergeChunks } from '../../engines/speech/merge.js';
import { AppError } from '../../http/errors.js';
import { hold } from '../billing/ledger.service.js';
import {
  clampBatchSize,
  countRun,
  failTask,
  findOwnTask,
  findTaskById,
  runTranslation,
  setJobId,
  storeVoice,
  taskEngine,
  voiceInputOf,
  watchTask,
  type TaskRow,
} from '../tasks/index.js';
import { cutChunk, extractAudio, MediaError, planChunks, probeMedia } from '../../tools/ffmpeg/index.js';
import { DETECTION_FAILURES, failureText } from './media-messages.js';
import { MEDIA_EXECUTE_JOB, MEDIA_PROBE_JOB } from './media-job-names.js';
import { subtitleLanguageOf } from './subtitle-language.js';
import {
  claimMediaRun,
  failDetection,
  findOwnUploadByKey,
  finishDetection,
  insertMediaTask,
  moveUpload,
  ownsResultKey,
  saveTranscript,
  setDetectStatus,
  setExecuteStatus,
} from './media.repository.js';

/** how long ffmpeg may read an S3 object through one presigned URL */
const READ_URL_SECONDS = 6 * 3600;
/** the editor's player URL */
const PLAY_URL_SECONDS = 6 * 3600;

const tools = (ctx: AppContext) => ({ ffmpeg: ctx.env.FFMPEG_PATH, ffprobe: ctx.env.FFPROBE_PATH });

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
 * the task waiting and the balance untouched; two confirms cannot both run it).
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
  await ctx.db.tx(async (q) => {
    const claimed = await claimMediaRun(q, userId, body.taskId, {
      mediaLanguage: body.sourceLau,
      targetLanguage: body.targetLau,
      translationService: service,
      includeOriginalText: body.both === 2,
      keepEngineBreaks: body.keepEngineBreaks,
    });
    if (!claimed) throw new AppError('TASK_ALREADY_STARTED');
    // issue 26: the options given now over those the detection stored (none given: kept)
    await storeVoice(q, userId, claimed.id, body, {
      pair: { source: body.sourceLau, target: body.targetLau },
      engine: taskEngine(ctx, service),
      base: voiceInputOf(claimed),
    });
    if (claimed.hold_ref) await hold(ctx.db, userId, claimed.hold_ref, claimed.estimated_points, { q });
    const batchSize = clampBatchSize(ctx, body.batchSize);
    const payload = { taskId: claimed.id, ...(batchSize ? { batchSize } : {}) };
    const jobId = await queue.send(MEDIA_EXECUTE_JOB, payload, { tx: q });
    await setJobId(q, claimed.id, jobId);
  });
  ctx.log.info({ task: body.taskId, points: task.estimated_points }, 'media execution queued');
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

/** /file/sts-down-credentials: a signed GET URL for the caller's own upload, result or task media. */
export async function downloadUrl(
  ctx: AppContext,
  userId: number,
  body: { objectKey?: string | undefined; taskId?: string | undefined },
): Promise<DownloadUrl> {
  const expiresAt = new Date(Date.now() + PLAY_URL_SECONDS * 1000).toISOString();
  if (body.taskId) {
    const task = await ownMediaTask(ctx, userId, body.taskId);
    if (!task.media_key || !task.media_type) throw new AppError('MEDIA_NOT_FOUND');
    const url = await ctx.storage.downloadUrl(task.media_key, PLAY_URL_SECONDS);
    return { url, expiresAt, mediaType: task.media_type };
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

/** Transcribes the extracted audio, in chunks under the engine's upload limit, into one transcript. */
async function transcribe(
  ctx: AppContext,
  wav: string,
  durationMs: number,
  dir: string,
  language: string | undefined,
  signal: AbortSignal | undefined,
): Promise<Transcript> {
  const engine = ctx.speech!;
  const opts = { ...tools(ctx), ...(signal ? { signal } : {}) };
  const chunks = await planChunks(wav, { ...opts, durationMs, maxBytes: engine.maxUploadBytes });
  const pieces = [];
  for (const [i, chunk] of chunks.entries()) {
    let file = wav;
    if (chunks.length > 1) {
      file = path.join(dir, `chunk-${i}.wav`);
      await cutChunk(wav, chunk.startMs, chunk.endMs, file, opts);
    }
    const transcript = await engine.transcribe(
      { path: file, fileName: `audio-${i}.wav`, contentType: 'audio/wav' },
      { ...(language ? { language } : {}), ...(signal ? { signal } : {}) },
    );
    pieces.push({ offsetMs: chunk.startMs, endMs: chunk.endMs, transcript });
    if (chunks.length > 1) await rm(file, { force: true });
  }
  return mergeChunks(pieces);
}

/**
 * The execution job: ffmpeg extracts mono 16 kHz audio (status 1), the speech engine transcribes
 * it (2), the words are cut into cues that read well and become the task's segments, then the
 * translation runs as for an SRT task (3) and completes it (4, points captured). Failures the
 * user cannot fix by retrying the same job (no speech, engine refusal) fail the task at once and
 * give the points back (5); a crash is retried by the queue, resuming at the translation when
 * the transcript was already saved.
 */
export async function runExecution(
  ctx: AppContext,
  taskId: string,
  attempt: { retryCount: number; retryLimit: number; signal?: AbortSignal; stopping?: AbortSignal },
  batchSize?: number,
): Promise<void> {
  const task = await findTaskById(ctx.db, taskId);
  if (!task || task.deleted_at || !task.media_key) return;
  if (task.status === 'translating') return runTranslation(ctx, taskId, attempt, batchSize);
  if (task.status !== 'processing' || task.execute_status === null) return;
  if (!(await countRun(ctx.db, taskId, 'processing'))) return;
  const lastAttempt = attempt.retryCount >= attempt.retryLimit;
  const dir = await mkdtemp(path.join(tmpdir(), 'media-'));
  // a deleted task's (its file goes too) or a stopping process's ffmpeg or transcription stops at once
  const stop = attempt.stopping ?? attempt.signal;
  const watch = watchTask(ctx, taskId, stop);
  const signal = watch.signal;
  try {
    if (!ctx.speech) throw new AppError('SPEECH_NOT_CONFIGURED');
    await setExecuteStatus(ctx.db, taskId, EXECUTE_STATUS.extracting);
    const location = await ctx.storage.readableLocation(task.media_key, READ_URL_SECONDS);
    const wav = path.join(dir, 'audio.wav');
    const started = Date.now();
    const audio = await extractAudio(location, wav, { ...tools(ctx), ...(signal ? { signal } : {}) });
    ctx.log.info(
      {
        task: taskId,
        audioMs: audio.durationMs,
        tookMs: Date.now() - started,
        bytes: (await stat(wav)).size,
      },
      'audio extracted',
    );
    if (!(await setExecuteStatus(ctx.db, taskId, EXECUTE_STATUS.transcribing))) return;
    const asked = task.media_language && task.media_language !== 'auto' ? task.media_language : undefined;
    const transcript = await transcribe(
      ctx,
      wav,
      audio.durationMs || Number(task.duration_ms),
      dir,
      asked,
      signal,
    );
    const cues = cuesFromTranscript(transcript.segments);
    if (cues.length === 0) {
      await failTask(ctx, task, 'no speech was recognised', 'MEDIA_NO_SPEECH');
      return;
    }
    const spoken = asked ?? transcript.language ?? 'auto';
    const saved = await saveTranscript(ctx.db, taskId, cues, subtitleLanguageOf(spoken), transcript.language);
    if (!saved) return;
    ctx.log.info({ task: taskId, cues: cues.length, language: spoken }, 'transcribed');
    // the translation watches the task itself
    watch.stop();
    await runTranslation(ctx, taskId, { ...attempt, counted: true }, batchSize);
  } catch (err) {
    // deleted meanwhile: nothing to fail, nothing to give back (the deletion did)
    if (await watch.deleted()) return;
    // stopped from outside (shutdown): the queue puts the job back; the task is not the failure
    if (stop?.aborted) throw err;
    const known = err instanceof SpeechError || err instanceof MediaError || err instanceof AppError;
    if (known || lastAttempt) {
      ctx.log.warn({ err, task: taskId }, 'media execution failed');
      const key: ErrorKey =
        err instanceof SpeechError
          ? 'MEDIA_TRANSCRIPTION_FAILED'
          : err instanceof MediaError && err.reason === 'tool-missing'
            ? 'MEDIA_TOOLS_MISSING'
            : err instanceof AppError
              ? err.key
              : 'MEDIA_EXECUTION_FAILED';
      await failTask(ctx, task, err instanceof Error ? err.message : String(err), key);
      return;
    }
    throw err;
  } finally {
    watch.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
