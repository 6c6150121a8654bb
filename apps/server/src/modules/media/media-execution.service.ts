import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXECUTE_STATUS, type ErrorKey } from '@subtrans/contract';
import { cuesFromTranscript, cutAtCue, type Cue } from '@subtrans/subtitles';
import type { AppContext } from '../../context.js';
import { SpeechError, type Transcript } from '../../engines/speech/engine.js';
import { mergeChunks } from '../../engines/speech/merge.js';
import { AppError } from '../../http/errors.js';
import { countRun, failTask, findTaskById, runTranslation, watchTask, type TaskRow } from '../tasks/index.js';
import { cutChunk, extractAudio, MediaError, planChunks } from '../../tools/ffmpeg/index.js';
import { queueShotChanges } from './media-overview.service.js';
import { keepPeaks } from './media-peaks.service.js';
import { subtitleLanguageOf } from './subtitle-language.js';
import { saveTranscript, setExecuteStatus } from './media.repository.js';
import { READ_URL_SECONDS, tools } from './media-tools.js';

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
 * The stretch of audio a run transcribes: from where the parts before it stopped (the start for a
 * first run) to the end it paid for; `last` when that is the file's end.
 */
function stretchOf(task: TaskRow): { startMs: number; endMs: number; last: boolean } {
  const startMs = task.audio_done_ms ?? 0;
  const end = task.audio_part_end_ms;
  const duration = Number(task.duration_ms);
  return end === null || end >= duration
    ? { startMs, endMs: duration, last: true }
    : { startMs, endMs: end, last: false };
}

/** Cues timed from a stretch's start, timed from the file's. */
const shift = (cues: Cue[], byMs: number): Cue[] =>
  byMs === 0 ? cues : cues.map((c) => ({ ...c, startMs: c.startMs + byMs, endMs: c.endMs + byMs }));

/**
 * The execution job: ffmpeg extracts mono 16 kHz audio (status 1; its waveform kept, issue 38),
 * the speech engine transcribes it (2), the words are cut into cues that read well and become the
 * task's segments, then the translation runs as for an SRT task (3) and completes it (4, points
 * captured). Failures the user cannot fix by retrying the same job (no speech, engine refusal)
 * fail the task at once and give the points back (5); a crash is retried by the queue, resuming at
 * the translation when the transcript was already saved. A part of a file (issue 34) transcribes
 * only its stretch, cut at a cue, and appends its lines to those of the parts before it.
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
    // issue 34: only the stretch this run paid for is extracted, and so transcribed
    const stretch = stretchOf(task);
    const audio = await extractAudio(location, wav, {
      ...tools(ctx),
      ...(signal ? { signal } : {}),
      range: { startMs: stretch.startMs, endMs: stretch.last ? null : stretch.endMs },
    });
    ctx.log.info(
      {
        task: taskId,
        fromMs: stretch.startMs,
        audioMs: audio.durationMs,
        tookMs: Date.now() - started,
        bytes: (await stat(wav)).size,
      },
      'audio extracted',
    );
    // issue 38: the timeline's waveform, when the audio extracted is the whole file's, and a
    // video's shot changes in a job of their own (a part's run leaves both to /file/overview)
    if (stretch.startMs === 0 && stretch.last) {
      await keepPeaks(ctx, task, wav, signal);
      await queueShotChanges(ctx, task);
    }
    if (!(await setExecuteStatus(ctx.db, taskId, EXECUTE_STATUS.transcribing))) return;
    // a later part's lines follow the lines of the parts before it
    const after = task.paid_through ?? 0;
    const asked = task.media_language && task.media_language !== 'auto' ? task.media_language : undefined;
    const transcript = await transcribe(
      ctx,
      wav,
      audio.durationMs || stretch.endMs - stretch.startMs,
      dir,
      asked,
      signal,
    );
    const cut = cutAtCue(shift(cuesFromTranscript(transcript.segments), stretch.startMs), stretch);
    const cues = cut.cues;
    // a file (or its first part) without speech fails; a later part may be silence
    if (cues.length === 0 && after === 0) {
      await failTask(ctx, task, 'no speech was recognised', 'MEDIA_NO_SPEECH');
      return;
    }
    const spoken = asked ?? transcript.language ?? 'auto';
    const saved = await saveTranscript(
      ctx.db,
      taskId,
      cues,
      subtitleLanguageOf(spoken),
      transcript.language,
      {
        after,
        cutMs: cut.next,
      },
    );
    if (!saved) return;
    ctx.log.info({ task: taskId, cues: cues.length, language: spoken, cutMs: cut.next }, 'transcribed');
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
