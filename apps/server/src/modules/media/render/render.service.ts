import { randomUUID } from 'node:crypto';
import {
  errorMessage,
  renderPoints,
  type ErrorKey,
  type Render,
  type RenderDownload,
  type RenderState,
  type startRenderBody,
  type UiLanguage,
} from '@subtrans/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import { hold } from '../../billing/ledger.service.js';
import { ownTask, userJobOptions, type TaskRow } from '../../tasks/index.js';
import { probeMedia, type MediaInfo } from '../../../tools/ffmpeg/index.js';
import { findOverview } from '../media-overview.repository.js';
import { hasMedia } from '../media-overview.service.js';
import { PLAY_URL_SECONDS, READ_URL_SECONDS, tools } from '../media-tools.js';
import { MEDIA_RENDER_JOB } from '../media-job-names.js';
import { insertRender, latestRender, setRenderJob, type RenderRow } from './render.repository.js';

/**
 * Issue 40 §1: a task's lines burned into its picture. Any task with audio/video can be rendered
 * once completed: an audio/video task (executed), or a subtitle-file task given its media (issue
 * 38). The price is RENDER_POINTS_PER_MINUTE a started minute, held when the render starts,
 * captured when its MP4 is stored, given back when it fails (render-job.ts).
 */

/** The task's media as a render reads it; null when it has none. */
export interface RenderSource {
  key: string;
  hasVideo: boolean;
  durationMs: number;
}

/** what a task's media is, by object key (an object never changes under its key) */
const probed = new Map<string, MediaInfo>();
const PROBED_KEPT = 200;

/** ffprobe's answer for the stored object `key`, asked once a process (the state is polled). */
export async function probeStored(ctx: AppContext, key: string): Promise<MediaInfo> {
  const known = probed.get(key);
  if (known) return known;
  const location = await ctx.storage.readableLocation(key, READ_URL_SECONDS);
  const info = await probeMedia(location, tools(ctx));
  if (probed.size >= PROBED_KEPT) probed.delete(probed.keys().next().value!);
  probed.set(key, info);
  return info;
}

export async function renderSourceOf(ctx: AppContext, task: TaskRow): Promise<RenderSource | null> {
  // the media the timeline draws (an unexecuted upload may still expire)
  const key = hasMedia(task) ? task.media_key : null;
  if (!key) return null;
  const hasVideo = task.media_type === 2;
  if (task.kind === 'media') return { key, hasVideo, durationMs: Number(task.duration_ms) };
  // a subtitle file's duration is its lines'; the media given to it is measured by its overview,
  // or here when that has not run yet
  const known = Number((await findOverview(ctx.db, task.id))?.media_ms ?? 0);
  if (known > 0) return { key, hasVideo, durationMs: known };
  const info = await probeStored(ctx, key);
  return { key, hasVideo: info.hasVideo, durationMs: info.durationMs };
}

export const renderFileName = (task: TaskRow) =>
  `${task.file_name.replace(/\.[^.]*$/, '') || 'video'}.${task.target_language}.mp4`;

/** A render as the caller reads it (its failure in the caller's language). */
export function renderOf(r: RenderRow, lang: UiLanguage): Render {
  const duration = Number(r.duration_ms);
  return {
    id: r.id,
    status: r.status,
    progress: r.status === 'completed' ? 1 : duration > 0 ? Math.min(0.99, Number(r.done_ms) / duration) : 0,
    style: r.style,
    resolution: r.resolution,
    points: r.points,
    width: r.width,
    height: r.height,
    sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
    error: r.status === 'failed' ? errorMessage((r.error_key ?? 'RENDER_FAILED') as ErrorKey, lang) : null,
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  };
}

/** /task/render_state: whether the task can be rendered, its price, its latest render. */
export async function renderState(
  ctx: AppContext,
  userId: number,
  taskId: string,
  lang: UiLanguage,
): Promise<RenderState> {
  const task = await ownTask(ctx, userId, taskId);
  const perMinute = ctx.env.RENDER_POINTS_PER_MINUTE;
  const source = await renderSourceOf(ctx, task);
  const latest = await latestRender(ctx.db, task.id);
  const durationMs = source?.durationMs ?? 0;
  return {
    unavailable: !source ? 'no-media' : task.status !== 'completed' ? 'not-completed' : null,
    hasVideo: source?.hasVideo ?? false,
    durationMs,
    pointsPerMinute: perMinute,
    points: source ? renderPoints(durationMs, perMinute) : 0,
    render: latest ? renderOf(latest, lang) : null,
  };
}

/**
 * /task/render: holds the price and queues the render in one transaction (no hold without its job,
 * no job without its hold). A render of the task already queued or running refuses a second.
 */
export async function startRender(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof startRenderBody>,
  lang: UiLanguage,
): Promise<Render> {
  const queue = ctx.queue;
  if (!queue) throw new AppError('NOT_READY');
  const task = await ownTask(ctx, userId, body.id);
  const source = await renderSourceOf(ctx, task);
  if (!source) throw new AppError('RENDER_NO_MEDIA');
  if (task.status !== 'completed') throw new AppError('TASK_NOT_READY');
  const points = renderPoints(source.durationMs, ctx.env.RENDER_POINTS_PER_MINUTE);
  const id = randomUUID();
  const row = await ctx.db.tx(async (q) => {
    // the hold's reference names the task second, so the points history shows its file name
    const holdRef = `render:${task.id}:${id}`;
    const inserted = await insertRender(q, {
      id,
      taskId: task.id,
      userId,
      style: body.style,
      resolution: body.resolution,
      points,
      holdRef,
      durationMs: source.durationMs,
    });
    if (!inserted) throw new AppError('RENDER_RUNNING');
    await hold(ctx.db, userId, holdRef, points, { q });
    const jobId = await queue.send(MEDIA_RENDER_JOB, { renderId: id }, userJobOptions(q, userId));
    await setRenderJob(q, id, jobId);
    return { ...inserted, job_id: jobId };
  });
  return renderOf(row, lang);
}

/** /task/render_download: a URL that downloads the latest completed render as `<name>.<lang>.mp4`. */
export async function renderDownload(
  ctx: AppContext,
  userId: number,
  taskId: string,
): Promise<RenderDownload> {
  const task = await ownTask(ctx, userId, taskId);
  const done = await latestRender(ctx.db, task.id, { completed: true });
  if (!done?.output_key) throw new AppError('RENDER_NOT_FOUND');
  const fileName = renderFileName(task);
  const url = await ctx.storage.downloadUrl(done.output_key, PLAY_URL_SECONDS, {
    fileName,
    contentType: 'video/mp4',
  });
  return { url, fileName, expiresAt: new Date(Date.now() + PLAY_URL_SECONDS * 1000).toISOString() };
}
