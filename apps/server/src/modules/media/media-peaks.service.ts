import { encodePeaks } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { peaksOfWav } from '../../tools/ffmpeg/index.js';
import { queueDeletions } from '../storage/object-deletions.repository.js';
import { purgeObjects } from '../storage/object-deletions.service.js';
import { savePeaksKey } from './media.repository.js';

/** where a media object's waveform is kept: beside it */
export const peaksKeyOf = (mediaKey: string) => `${mediaKey}.peaks`;

/**
 * Issue 38: the waveform of a task's whole audio, from a WAV extractAudio wrote (read again, not
 * decoded again), stored beside the media and named on the task; false when the task was deleted
 * meanwhile (the object is deleted again). Throws when the waveform cannot be made or stored.
 */
export async function storePeaks(
  ctx: AppContext,
  task: { id: string; media_key: string },
  wav: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const key = peaksKeyOf(task.media_key);
  const bytes = encodePeaks(await peaksOfWav(wav, signal ? { signal } : {}));
  await ctx.storage.put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  if (await savePeaksKey(ctx.db, task.id, task.media_key, key)) return true;
  // the task was deleted meanwhile (its deletion did not see this object): it goes too
  await queueDeletions(ctx.db, [key], 'task-deleted');
  await purgeObjects(ctx, [key]);
  return false;
}

/**
 * The execution's waveform (storePeaks), from the audio it just extracted; whether it was kept. A
 * waveform that cannot be made or kept is logged and the execution goes on: the subtitles are what
 * was paid for, and the timeline shows the lines without a waveform.
 */
export async function keepPeaks(
  ctx: AppContext,
  task: { id: string; media_key: string | null },
  wav: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const mediaKey = task.media_key;
  if (!mediaKey) return false;
  try {
    return await storePeaks(ctx, { id: task.id, media_key: mediaKey }, wav, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    ctx.log.warn({ err, task: task.id }, 'the waveform could not be made; the task goes on without it');
    return false;
  }
}
