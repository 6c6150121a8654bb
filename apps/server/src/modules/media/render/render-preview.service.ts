import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RenderPreview, renderPreviewBody } from '@subtrans/contract';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import { ownTask, taskAssEvents } from '../../tasks/index.js';
import { grabFrame, outputCanvas, SCRIPT_NAME } from '../../../tools/ffmpeg/index.js';
import { READ_URL_SECONDS, tools } from '../media-tools.js';
import { renderCanvas, scriptOf } from './render-job.js';
import { probeStored, renderSourceOf } from './render.service.js';

/**
 * /task/render_preview: one frame of the task's picture at a line, with the line drawn in the
 * style asked, before anything is paid. The frame is a smaller picture of the output's shape (the
 * text's size is relative to the height, so it looks as it will). Each runs ffmpeg: one at a time
 * a user, PREVIEWS_AT_ONCE in a process; more are refused with RENDER_PREVIEW_BUSY.
 */

const PREVIEWS_AT_ONCE = 2;
/** the preview's shorter side */
const PREVIEW_SHORT_SIDE = 480;
/** a line is shown this long from the frame (the frame is at 0 s for the filter: ffmpeg seeks) */
const PREVIEW_LINE_MS = 10_000;

const busy = new Set<number>();

export async function renderPreview(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof renderPreviewBody>,
): Promise<RenderPreview> {
  const task = await ownTask(ctx, userId, body.id);
  const source = await renderSourceOf(ctx, task);
  if (!source) throw new AppError('RENDER_NO_MEDIA');
  if (busy.has(userId) || busy.size >= PREVIEWS_AT_ONCE) throw new AppError('RENDER_PREVIEW_BUSY');
  busy.add(userId);
  const dir = await mkdtemp(path.join(tmpdir(), 'preview-'));
  try {
    const events = await taskAssEvents(ctx.db, task.id, body.style.bilingual);
    const line =
      (body.segmentId !== undefined ? events.find((e) => e.id === body.segmentId) : undefined) ?? events[0];
    if (!line) throw new AppError('TASK_NOT_READY');
    const location = await ctx.storage.readableLocation(source.key, READ_URL_SECONDS);
    const info = await probeStored(ctx, source.key);
    // the output's shape, smaller
    const shape = renderCanvas(info, body.resolution);
    const canvas = outputCanvas(shape, PREVIEW_SHORT_SIDE);
    const middle = Math.round((line.startMs + line.endMs) / 2);
    const atMs = Math.max(0, Math.min(middle, info.durationMs - 200));
    const shown = { ...line, startMs: 0, endMs: PREVIEW_LINE_MS };
    await writeFile(path.join(dir, SCRIPT_NAME), scriptOf(task, [shown], body.style, canvas));
    const out = path.join(dir, 'frame.jpg');
    await grabFrame(location, out, { ...tools(ctx), dir, canvas, hasVideo: info.hasVideo, atMs });
    const jpeg = await readFile(out);
    return { image: `data:image/jpeg;base64,${jpeg.toString('base64')}`, ...canvas, atMs };
  } finally {
    busy.delete(userId);
    await rm(dir, { recursive: true, force: true });
  }
}
