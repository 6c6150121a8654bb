/**
 * The timeline bench's media task: long audio made cheaply with ffmpeg, uploaded the way the
 * browser does it (e2e/support/media-task.ts), detected and executed to completion by the server.
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Overview, UploadPartUrls, UploadTicket } from '@subtrans/contract';
import { api, untilCompleted } from './editor-server.js';

const run = promisify(execFile);

/**
 * `seconds` of quiet pink noise as 8 kHz mono MP3 at 8 kbit/s: 7 MB for two hours, made in about
 * 10 s of CPU (Opus at 6 kbit/s is half the size and took 51 s at its default complexity). The
 * speech engine here hears its script in anything; the peaks are the noise's.
 */
export async function makeLongAudio(dir: string, seconds: number): Promise<string> {
  const file = path.join(dir, `audio-${seconds}s.mp3`);
  await run('ffmpeg', [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=d=${seconds}:c=pink:r=8000:a=0.1`,
    '-ac',
    '1',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '8k',
    file,
  ]);
  return file;
}

/** how long each stage of the media task took, ms */
export interface MediaStages {
  upload: number;
  detect: number;
  execute: number;
}

/**
 * A completed audio task of the session `cookie` from `file`: uploaded in parts to the app's own
 * signed part URLs, detected, executed (extraction, waveform, transcription, translation).
 */
export async function completedMediaTask(
  base: string,
  cookie: string,
  file: string,
): Promise<{ taskId: string; lines: number; stages: MediaStages }> {
  const call = api(base, cookie);
  const bytes = await readFile(file);
  let at = Date.now();
  const lap = () => {
    const ms = Date.now() - at;
    at = Date.now();
    return ms;
  };
  const ticket = await call.post<UploadTicket>('/file/sts-credentials', {
    fileName: path.basename(file),
    size: bytes.length,
    contentType: 'audio/mpeg',
    type: 1,
  });
  const numbers = Array.from({ length: ticket.partCount }, (_, i) => i + 1);
  const parts: { partNumber: number; etag: string }[] = [];
  for (let i = 0; i < numbers.length; i += 100) {
    const { urls } = await call.post<UploadPartUrls>('/file/upload_parts', {
      uploadId: ticket.uploadId,
      partNumbers: numbers.slice(i, i + 100),
    });
    for (const { partNumber, url } of urls) {
      const from = (partNumber - 1) * ticket.partSize;
      const put = await fetch(new URL(url, base), {
        method: 'PUT',
        headers: { origin: base },
        body: bytes.subarray(from, from + ticket.partSize),
      });
      await put.arrayBuffer();
      if (put.status !== 200) throw new Error(`part ${partNumber}: HTTP ${put.status}`);
      parts.push({ partNumber, etag: put.headers.get('etag') ?? '' });
    }
  }
  await call.post('/file/complete_upload', { uploadId: ticket.uploadId, parts });
  const upload = lap();
  const { taskId } = await call.post<{ taskId: string }>('/file/submit_check_task', {
    objectKey: ticket.objectKey,
    type: 1,
    targetLau: 'fr',
  });
  for (;;) {
    const state = await call.post<{ status: number; message: string }>('/file/check_task', { taskId });
    if (state.status === 4) break;
    if (state.status === 5) throw new Error(`detection failed: ${state.message}`);
    if (Date.now() - at > 300_000) throw new Error('the detection took over 5 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const detect = lap();
  await call.post('/file/submit_execute_task', { taskId, targetLau: 'fr' });
  await untilCompleted(call, taskId, 900_000);
  const execute = lap();
  const { segments } = await call.post<{ segments: unknown[] }>('/task/get', { id: taskId });
  return { taskId, lines: segments.length, stages: { upload, detect, execute } };
}

/** The size in bytes of the task's peaks object, fetched from the URL /file/overview gives. */
export async function peaksBytes(base: string, cookie: string, taskId: string): Promise<number> {
  const overview = await api(base, cookie).post<Overview>('/file/overview', { taskId });
  if (!overview.peaksUrl) throw new Error(`/file/overview has no peaks: ${JSON.stringify(overview)}`);
  const res = await fetch(new URL(overview.peaksUrl, base), {
    headers: { cookie: `user_sessionid=${cookie}` },
  });
  if (!res.ok) throw new Error(`peaks: HTTP ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

/** the file's size in MB */
export const sizeMb = async (file: string) => (await stat(file)).size / 1024 / 1024;
