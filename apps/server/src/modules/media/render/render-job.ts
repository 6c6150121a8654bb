import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RENDER_LIMITS, type ErrorKey } from '@subtrans/contract';
import { writeAss } from '@subtrans/subtitles/ass-write';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import { capture, release } from '../../billing/ledger.service.js';
import { purgeObjects } from '../../storage/object-deletions.service.js';
import { queueDeletions } from '../../storage/object-deletions.repository.js';
import { findTaskById, taskAssEvents, watchTask, type TaskRow } from '../../tasks/index.js';
import {
  burnSubtitles,
  MediaError,
  outputCanvas,
  probeMedia,
  SCRIPT_NAME,
  type Canvas,
} from '../../../tools/ffmpeg/index.js';
import { READ_URL_SECONDS, tools } from '../media-tools.js';
import { MEDIA_RENDER_JOB } from '../media-job-names.js';
import {
  claimRender,
  completeRender,
  failRender,
  findRender,
  quietRenders,
  setRenderProgress,
  type RenderRow,
} from './render.repository.js';
import { renderSourceOf } from './render.service.js';

/** at most one progress write a second */
const PROGRESS_WRITE_MS = 1000;

/** The output's canvas: the source's picture up to 1080p (720p when asked); audio gets 720p. */
export function renderCanvas(
  info: { width: number | null; height: number | null; hasVideo: boolean },
  resolution: RenderRow['resolution'],
): Canvas {
  const fast = resolution === '720p' || !info.hasVideo;
  return outputCanvas(info, fast ? RENDER_LIMITS.fastShortSide : RENDER_LIMITS.maxShortSide);
}

/** The task's lines as the script of a render or a preview, in the render's look, on its canvas. */
export function scriptOf(
  task: TaskRow,
  events: Parameters<typeof writeAss>[0],
  look: RenderRow['style'],
  canvas: Canvas,
) {
  return writeAss(events, {
    language: task.target_language,
    sourceLanguage: task.detected_language ?? task.original_language,
    title: task.file_name,
    look,
    canvas,
  });
}

/** Fails a render that was still running and gives its points back, in one transaction. */
async function failAndRelease(ctx: AppContext, id: string, key: ErrorKey, error: string): Promise<void> {
  await ctx.db.tx(async (q) => {
    const failed = await failRender(q, id, key, error);
    if (failed) await release(ctx.db, failed.hold_ref, q);
  });
}

/**
 * The media.render job: reads the task's media where it is stored (a file, or a presigned URL),
 * writes the lines as an ASS script in the render's look on the output's own canvas, encodes the
 * picture with them (niced, progress saved each second), stores the MP4, then marks the render
 * completed and captures its points in one transaction (the task's earlier render files go). A
 * stopping process kills ffmpeg and throws: the queue puts the job back, and the next attempt
 * renders again from the start. ffmpeg's and the task's failures fail the render and give the
 * points back; anything else is retried, and the last attempt fails it.
 */
export async function runRender(
  ctx: AppContext,
  renderId: string,
  attempt: { retryCount: number; retryLimit: number; signal?: AbortSignal; stopping?: AbortSignal },
): Promise<void> {
  const found = await findRender(ctx.db, renderId);
  if (!found || (found.status !== 'queued' && found.status !== 'rendering')) return;
  const task = await findTaskById(ctx.db, found.task_id);
  if (!task || task.deleted_at) return failAndRelease(ctx, renderId, 'RENDER_FAILED', 'the task was deleted');
  const render = await claimRender(ctx.db, renderId);
  if (!render) return;
  const lastAttempt = attempt.retryCount >= attempt.retryLimit;
  const stop = attempt.stopping ?? attempt.signal;
  const watch = watchTask(ctx, task.id, stop);
  const signal = watch.signal;
  const dir = await mkdtemp(path.join(tmpdir(), 'render-'));
  try {
    const source = await renderSourceOf(ctx, task);
    if (!source) throw new AppError('RENDER_NO_MEDIA');
    const location = await ctx.storage.readableLocation(source.key, READ_URL_SECONDS);
    const info = await probeMedia(location, { ...tools(ctx), signal });
    const canvas = renderCanvas(info, render.resolution);
    const events = await taskAssEvents(ctx.db, task.id, render.style.bilingual);
    await writeFile(path.join(dir, SCRIPT_NAME), scriptOf(task, events, render.style, canvas));
    const out = path.join(dir, 'out.mp4');
    let written = 0;
    const started = Date.now();
    const sizeBytes = await burnSubtitles(location, out, {
      ...tools(ctx),
      signal,
      dir,
      canvas,
      hasVideo: info.hasVideo,
      audioCodec: info.audioCodec,
      preset: ctx.env.RENDER_PRESET,
      nice: ctx.env.RENDER_NICE,
      onProgress: (ms) => {
        if (Date.now() - written < PROGRESS_WRITE_MS) return;
        written = Date.now();
        // a missed write is only a later figure
        setRenderProgress(ctx.db, render.id, ms).catch(() => undefined);
      },
    });
    const key = `renders/${task.user_id}/${task.id}/${render.id}.mp4`;
    await ctx.storage.putFile(key, out, { contentType: 'video/mp4' });
    const superseded = await ctx.db.tx(async (q) => {
      const current = await findTaskById(q, task.id);
      const done =
        current && !current.deleted_at
          ? await completeRender(q, render.id, { key, sizeBytes, ...canvas })
          : undefined;
      if (!done) {
        // failed (or its task deleted) meanwhile: the file is nobody's
        await queueDeletions(q, [key], 'render-unused');
        return [key];
      }
      await capture(ctx.db, render.hold_ref, render.points, q);
      await queueDeletions(q, done.superseded, 'render-replaced');
      return done.superseded;
    });
    if (superseded.length) await purgeObjects(ctx, superseded);
    ctx.log.info(
      { task: task.id, render: render.id, ...canvas, bytes: sizeBytes, tookMs: Date.now() - started },
      'video rendered',
    );
  } catch (err) {
    if (await watch.deleted()) return failAndRelease(ctx, render.id, 'RENDER_FAILED', 'the task was deleted');
    // stopped from outside (shutdown): the queue puts the job back
    if (stop?.aborted) throw err;
    const known = err instanceof MediaError || err instanceof AppError;
    if (!known && !lastAttempt) throw err;
    ctx.log.warn({ err, task: task.id, render: render.id }, 'render failed');
    const key: ErrorKey =
      err instanceof MediaError && err.reason === 'tool-missing'
        ? 'MEDIA_TOOLS_MISSING'
        : err instanceof AppError
          ? err.key
          : 'RENDER_FAILED';
    await failAndRelease(ctx, render.id, key, err instanceof Error ? err.message : String(err));
  } finally {
    watch.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Scheduled: a render queued or running without a move for `quietMinutes` whose job is gone or
 * finished (a worker that died on its last attempt) fails and gives its points back.
 */
export async function sweepStuckRenders(ctx: AppContext, quietMinutes = 10): Promise<number> {
  if (!ctx.queue) return 0;
  let failed = 0;
  for (const r of await quietRenders(ctx.db, quietMinutes)) {
    const job = r.job_id ? await ctx.queue.findJob(MEDIA_RENDER_JOB, r.job_id) : null;
    if (job && (job.state === 'created' || job.state === 'retry' || job.state === 'active')) continue;
    await failAndRelease(ctx, r.id, 'RENDER_INTERRUPTED', 'the render was interrupted');
    failed += 1;
  }
  return failed;
}
