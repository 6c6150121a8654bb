import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXECUTE_STATUS, type Overview } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { detectShotChanges, extractAudio, MediaError } from '../../tools/ffmpeg/index.js';
import { findOwnTask, findTaskById, watchTask, type TaskRow } from '../tasks/index.js';
import { MEDIA_OVERVIEW_JOB } from './media-job-names.js';
import {
  claimOverview,
  currentMediaKey,
  deleteOverview,
  endOverview,
  findOverview,
  markOverviewRunning,
  saveShotChanges,
  setOverviewProgress,
  type OverviewRow,
} from './media-overview.repository.js';
import { storePeaks } from './media-peaks.service.js';
import { PLAY_URL_SECONDS, READ_URL_SECONDS, tools } from './media-tools.js';

/**
 * Issue 38: the editor's timeline draws a media task's waveform and, for a video, its shot
 * changes. The execution keeps the waveform from the audio it extracts and queues the shot
 * changes; a task executed before (or whose waveform failed) gets both from the overview job,
 * queued by the editor's first /file/overview call. A subtitle-file task given its audio/video
 * afterwards (media-attach.service.ts) gets both from the same job.
 */

/**
 * a queued or running overview that has not moved for this long may have lost its job (a crash
 * before its row was told): it is marked again, and its job's singleton key keeps a second one out
 * while the first still waits or runs
 */
const STALE_MINUTES = 15;
/** a failed overview is tried again by a call this long after, not by every poll */
const FAILED_RETRY_MINUTES = 60;
/** the extraction's share of the progress when the shot changes follow (decoding the picture costs more) */
const EXTRACT_SHARE = 20;
/** at most one progress write a second */
const PROGRESS_WRITE_MS = 1000;

const isVideo = (task: Pick<TaskRow, 'media_type'>) => task.media_type === 2;

/**
 * whether the task has media the timeline draws: an audio/video task's own once executed (before,
 * its file may still expire), or those given to a subtitle-file task
 */
export const hasMedia = (task: TaskRow) =>
  Boolean(task.media_key) && (task.kind === 'srt' || task.execute_status !== null);

/**
 * the media's length: an audio/video task's duration; a subtitle file's duration_ms is its lines'
 * (its price and the list show it), so the length of media given to it is kept with its overview
 */
function mediaMsOf(task: TaskRow, row: OverviewRow | undefined): number | null {
  const ms = task.kind === 'media' ? Number(task.duration_ms) : Number(row?.media_ms ?? 0);
  return ms > 0 ? ms : null;
}

/**
 * Marks the task's overview queued and queues its job, in one transaction; false when a job has
 * it already (the job's singleton key keeps a second one out even when the row was stale).
 * `afterFailure`: also when it failed within the hour (a new execution has new audio to read).
 */
export async function queueOverview(
  ctx: AppContext,
  taskId: string,
  opts: { afterFailure?: boolean } = {},
): Promise<boolean> {
  const queue = ctx.queue;
  if (!queue) throw new AppError('NOT_READY');
  const failedMinutes = opts.afterFailure ? 0 : FAILED_RETRY_MINUTES;
  return ctx.db.tx(async (q) => {
    if (!(await claimOverview(q, taskId, { staleMinutes: STALE_MINUTES, failedMinutes }))) return false;
    await queue.send(MEDIA_OVERVIEW_JOB, { taskId }, { tx: q, singletonKey: taskId });
    return true;
  });
}

/**
 * After the execution extracted a video's whole audio: its shot changes (and its waveform, should
 * keeping it have failed) in the background, the transcription not waiting for them. A failure
 * here is logged: the subtitles come first.
 */
export async function queueShotChanges(ctx: AppContext, task: TaskRow): Promise<void> {
  if (!isVideo(task)) return;
  try {
    if ((await findOverview(ctx.db, task.id))?.shot_changes_ms) return;
    await queueOverview(ctx, task.id, { afterFailure: true });
  } catch (err) {
    ctx.log.warn({ err, task: task.id }, 'the shot changes could not be queued');
  }
}

const ageMinutes = (row: OverviewRow) => row.age_s / 60;

/**
 * /file/overview: the caller's own task (another user's, or a deleted one, is not found). A task
 * without media (a subtitle file not given any, or audio/video not executed yet: its file may
 * still expire) has none; what is missing is queued once, unless the task's execution is about to
 * make it.
 */
export async function overviewOf(ctx: AppContext, userId: number, taskId: string): Promise<Overview> {
  const task = await findOwnTask(ctx.db, userId, taskId);
  if (!task) throw new AppError('TASK_NOT_FOUND');
  if (!hasMedia(task)) return { state: 'none', progress: 0, durationMs: mediaMsOf(task, undefined) };
  const row = await findOverview(ctx.db, taskId);
  const durationMs = mediaMsOf(task, row);
  const shots = isVideo(task) ? (row?.shot_changes_ms ?? null) : [];
  const peaksUrl = task.peaks_key
    ? await ctx.storage.downloadUrl(task.peaks_key, PLAY_URL_SECONDS)
    : undefined;
  if (peaksUrl && shots) return { state: 'ready', progress: 100, peaksUrl, shotChangesMs: shots, durationMs };
  // a video's waveform is drawn while its shot changes are still to come
  const working = { state: 'working', progress: 0, durationMs, ...(peaksUrl ? { peaksUrl } : {}) } as const;
  // the execution extracts the audio now: it keeps the waveform and queues the shot changes
  const extracting: (number | null)[] = [EXECUTE_STATUS.queued, EXECUTE_STATUS.extracting];
  if (task.status === 'processing' && extracting.includes(task.execute_status)) return working;
  if (row && (row.status === 'queued' || row.status === 'running') && ageMinutes(row) < STALE_MINUTES)
    return { ...working, progress: row.progress };
  if (row?.status === 'failed' && ageMinutes(row) < FAILED_RETRY_MINUTES)
    return { ...working, state: 'failed' };
  await queueOverview(ctx, taskId);
  return working;
}

/** The job's progress (0–100) as it goes, written at most once a second, in order. */
function progressWriter(ctx: AppContext, taskId: string) {
  let written = 0;
  let at = 0;
  let chain: Promise<void> = Promise.resolve();
  return {
    set(percent: number) {
      const p = Math.min(99, Math.floor(percent));
      if (p <= written || Date.now() - at < PROGRESS_WRITE_MS) return;
      written = p;
      at = Date.now();
      // a lost write is only a slower bar
      chain = chain.then(() => setOverviewProgress(ctx.db, taskId, p)).catch(() => undefined);
    },
    /** the writes in flight are done */
    settled: () => chain,
  };
}

/** how often a running job looks whether its task was given other media */
const MEDIA_CHECK_MS = 1000;

/**
 * Watches the media a job reads: when the task is given other media (attachMedia), the signal
 * aborts, so the job starts again on them instead of finishing a waveform of the earlier ones.
 */
function watchMedia(ctx: AppContext, taskId: string, mediaKey: string, parent: AbortSignal) {
  const controller = new AbortController();
  let seen = false;
  const look = async () => {
    if (!seen) seen = (await currentMediaKey(ctx.db, taskId)) !== mediaKey;
    return seen;
  };
  const onParent = () => controller.abort(parent.reason);
  if (parent.aborted) onParent();
  else parent.addEventListener('abort', onParent, { once: true });
  const timer = setInterval(() => {
    look()
      .then((replaced) => {
        if (replaced && !controller.signal.aborted) controller.abort(new Error('the media were replaced'));
      })
      // a missed check is only a later stop
      .catch(() => undefined);
  }, MEDIA_CHECK_MS);
  timer.unref();
  return {
    signal: controller.signal,
    /** whether the task has other media now (asks the database once more when not seen yet) */
    replaced: () => look().catch(() => false),
    stop() {
      clearInterval(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}

type Attempt = { retryCount: number; retryLimit: number; signal?: AbortSignal; stopping?: AbortSignal };

/**
 * The overview job: for an executed audio/video task, or a subtitle-file task given its media,
 * what is missing of its waveform (the whole audio extracted to a temporary WAV, then storePeaks)
 * and, for a video, its shot changes; the progress stored as it goes. A task deleted meanwhile
 * stops its ffmpeg within about a second and leaves nothing (storePeaks deletes an object its task
 * no longer names); a task given other media meanwhile is done again, from them. A stopping process
 * puts the job back; a failure a retry would meet again (not media, no sound) or the last attempt's
 * marks it failed: logged, its cause not told to the caller.
 */
export async function runOverview(ctx: AppContext, taskId: string, attempt: Attempt): Promise<void> {
  // one job a task (its singleton key): media given while it runs are this job's to draw
  for (;;) if ((await overviewRun(ctx, taskId, attempt)) !== 'replaced') return;
}

async function overviewRun(ctx: AppContext, taskId: string, attempt: Attempt): Promise<'ended' | 'replaced'> {
  const task = await findTaskById(ctx.db, taskId);
  const mediaKey = task?.media_key;
  if (!task) return 'ended';
  // deleted before its job ran: nothing to make, nothing to keep
  if (task.deleted_at || !mediaKey || !hasMedia(task)) {
    await deleteOverview(ctx.db, taskId);
    return 'ended';
  }
  const row = await findOverview(ctx.db, taskId);
  const needPeaks = !task.peaks_key;
  const needShots = isVideo(task) && !row?.shot_changes_ms;
  if (!needPeaks && !needShots) {
    await endOverview(ctx.db, taskId, 'done');
    return 'ended';
  }
  const durationMs = mediaMsOf(task, row) ?? 0;
  const stop = attempt.stopping ?? attempt.signal;
  const watch = watchTask(ctx, taskId, stop);
  const media = watchMedia(ctx, taskId, mediaKey, watch.signal);
  const signal = media.signal;
  const progress = progressWriter(ctx, taskId);
  const extractShare = needShots ? EXTRACT_SHARE : 100;
  const share = (from: number, width: number) => (ms: number) => {
    if (durationMs > 0) progress.set(from + (width * Math.min(ms, durationMs)) / durationMs);
  };
  /** what was made could not be kept: the task was deleted (its row goes too) or given other media */
  const lost = async (): Promise<'ended' | 'replaced'> => {
    if (!(await watch.deleted()) && (await media.replaced())) return 'replaced';
    await deleteOverview(ctx.db, taskId);
    return 'ended';
  };
  let dir: string | null = null;
  try {
    await markOverviewRunning(ctx.db, taskId);
    const location = await ctx.storage.readableLocation(mediaKey, READ_URL_SECONDS);
    if (needPeaks) {
      dir = await mkdtemp(path.join(tmpdir(), 'overview-'));
      const wav = path.join(dir, 'audio.wav');
      const onProgress = share(0, extractShare);
      await extractAudio(location, wav, { ...tools(ctx), signal, onProgress });
      if (!(await storePeaks(ctx, { id: taskId, media_key: mediaKey }, wav, signal))) return await lost();
      // a 2-hour film's WAV is 230 MB: not kept while the picture is scored
      await rm(dir, { recursive: true, force: true });
      dir = null;
    }
    if (needShots) {
      const onProgress = share(needPeaks ? extractShare : 0, needPeaks ? 100 - extractShare : 100);
      const shots = await detectShotChanges(location, { ...tools(ctx), signal, onProgress });
      if (!(await saveShotChanges(ctx.db, taskId, mediaKey, shots))) return await lost();
    }
    await progress.settled();
    if (await media.replaced()) return 'replaced';
    await endOverview(ctx.db, taskId, 'done');
    ctx.log.info({ task: taskId, peaks: needPeaks, shots: needShots }, 'media overview made');
    return 'ended';
  } catch (err) {
    await progress.settled();
    // deleted meanwhile: its row goes too (the object, if any, went with the task or storePeaks)
    if (await watch.deleted()) {
      await deleteOverview(ctx.db, taskId);
      return 'ended';
    }
    // the earlier media may be gone from storage already: what failed was theirs
    if (!stop?.aborted && (await media.replaced())) return 'replaced';
    const refused = err instanceof MediaError && err.reason !== 'failed' && err.reason !== 'aborted';
    if (!stop?.aborted && (refused || attempt.retryCount >= attempt.retryLimit)) {
      ctx.log.warn({ err, task: taskId }, 'the media overview failed');
      await endOverview(ctx.db, taskId, 'failed', err instanceof Error ? err.message : String(err));
      return 'ended';
    }
    // retried by the queue, or put back by a stopping process: waiting again
    await endOverview(ctx.db, taskId, 'queued');
    throw err;
  } finally {
    media.stop();
    watch.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
