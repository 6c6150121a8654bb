/**
 * The render bench's task (bench/render.ts): a 10-minute 1280×720 test video made once and kept,
 * the real server with a completed 200-line subtitle task and that video attached to it (uploaded
 * in parts as the browser does, its waveform and shot changes done), and the ASS script a render of
 * it writes, by the same writer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_RENDER_STYLE,
  type Overview,
  type TaskWithLines,
  type UploadPartUrls,
  type UploadTicket,
} from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles';
import { writeAss } from '@subtrans/subtitles/ass-write';
import { api, stopServer, untilCompleted, type Api } from './editor-server.js';
import { ADMIN, freePort, signInAsAdmin, startProcess } from './support.js';

/** the video's length (the goal is about 10 minutes; shorter only to try the bench out) */
export const SECONDS = Number(process.env.BENCH_RENDER_SECONDS ?? 600);
const SIZE = { width: 1280, height: 720 };
const FPS = 25;
/** one line every 3 s, 2.5 s long: 200 lines in 10 minutes */
const LINE_EVERY_MS = 3000;
const LINE_MS = 2500;
export const ENGINE_KEY = 'bench-render-key';
/** the made video is kept here between runs (about a minute of CPU to make) */
const CACHE = path.join(tmpdir(), 'subtrans-bench-cache');

const SENTENCES = [
  'I never thought we would make it back home before the storm.',
  'Could you hand me the keys on the kitchen table, please?',
  'She said the train leaves at seven, so we should hurry up.',
  'We walked along the river until the sun went down behind the hills.',
  'Tell me the truth, or I will find out from someone else.',
  'He kept the letter in his pocket for almost twenty years.',
  'If you listen carefully, you can hear the ocean from here.',
  'Please wait here while I talk to the doctor about your results.',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A `SECONDS`-long 1280×720 video at 25 fps with a tone as AAC: ffmpeg's moving test picture,
 * H.264 ultrafast. Made once and kept in CACHE (under a name giving its shape).
 */
export async function cachedVideo(): Promise<string> {
  const file = path.join(CACHE, `testsrc2-${SIZE.width}x${SIZE.height}-${FPS}fps-${SECONDS}s.mp4`);
  if (existsSync(file)) return file;
  await mkdir(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}.tmp.mp4`;
  const at = performance.now();
  await runFfmpeg(
    [
      '-nostdin',
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${SIZE.width}x${SIZE.height}:r=${FPS}:d=${SECONDS}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-shortest',
      '-movflags',
      '+faststart',
      partial,
    ],
    CACHE,
  );
  await rename(partial, file);
  console.error(`render bench: made ${file} in ${Math.round((performance.now() - at) / 1000)} s`);
  return file;
}

/** Runs ffmpeg with `args` in `cwd`; fails with its stderr's end. */
export function runFfmpeg(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr}`)),
    );
  });
}

/** 200 lines (one every 3 s) over the video's length, in English */
function srtOfLines(): string {
  const count = Math.floor((SECONDS * 1000) / LINE_EVERY_MS);
  return Array.from({ length: count }, (_, k) => {
    const start = k * LINE_EVERY_MS + 500;
    return `${k + 1}\r\n${formatSrtTime(start)} --> ${formatSrtTime(start + LINE_MS)}\r\n${SENTENCES[k % SENTENCES.length]}\r\n`;
  }).join('\r\n');
}

/**
 * Resolves once `url` answers 200; fails when the server exits or after 3 minutes (a first start
 * on a new data directory takes over a minute on a two-core machine busy with other work).
 */
async function ready(url: string, server: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if ((await fetch(url).catch(() => null))?.ok) return;
    await sleep(200);
  }
  throw new Error(`the server was not ready at ${url} after 3 minutes`);
}

/** The file uploaded as the browser does it: a ticket, signed part URLs, the parts, completion. */
async function uploadVideo(call: Api, base: string, file: string): Promise<string> {
  const size = (await stat(file)).size;
  const ticket = await call.post<UploadTicket>('/file/sts-credentials', {
    fileName: path.basename(file),
    size,
    contentType: 'video/mp4',
    type: 2,
  });
  const numbers = Array.from({ length: ticket.partCount }, (_, i) => i + 1);
  const parts: { partNumber: number; etag: string }[] = [];
  const handle = await open(file);
  try {
    for (let i = 0; i < numbers.length; i += 100) {
      const { urls } = await call.post<UploadPartUrls>('/file/upload_parts', {
        uploadId: ticket.uploadId,
        partNumbers: numbers.slice(i, i + 100),
      });
      for (const { partNumber, url } of urls) {
        const from = (partNumber - 1) * ticket.partSize;
        const bytes = Buffer.alloc(Math.min(ticket.partSize, size - from));
        await handle.read(bytes, 0, bytes.length, from);
        const put = await fetch(new URL(url, base), {
          method: 'PUT',
          headers: { origin: base },
          body: bytes,
        });
        await put.arrayBuffer();
        if (put.status !== 200) throw new Error(`part ${partNumber}: HTTP ${put.status}`);
        parts.push({ partNumber, etag: put.headers.get('etag') ?? '' });
      }
    }
  } finally {
    await handle.close();
  }
  await call.post('/file/complete_upload', { uploadId: ticket.uploadId, parts });
  return ticket.objectKey;
}

export interface Setup {
  server: ChildProcess;
  base: string;
  /** the manager's session (user_sessionid's value) */
  cookie: string;
  call: Api;
  taskId: string;
}

/** The server, its manager with points, a completed subtitle task with the video attached. */
export async function setUp(dataDir: string, engineUrl: string, video: string): Promise<Setup> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess(['apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEEPSEEK_API_KEY: ENGINE_KEY,
    DEEPSEEK_BASE_URL: engineUrl,
    // uploads are refused where speech-to-text is off; this one is never transcribed
    STT_BASE_URL: 'http://127.0.0.1:9/v1',
  });
  try {
    await ready(`${base}/readyz`, server);
    const cookie = (await signInAsAdmin(base)).slice('user_sessionid='.length);
    const call = api(base, cookie);
    const me = await call.post<{ id: number }>('/user/profile', {});
    await call.post('/user/grant_points', { userId: me.id, points: 10_000, note: 'render bench' });

    const form = new FormData();
    form.set('targetLanguage', 'fr');
    form.set('originalLanguage', 'en');
    form.set('file', new Blob([srtOfLines()], { type: 'application/x-subrip' }), 'film.srt');
    const res = await fetch(`${base}/task/create`, {
      method: 'POST',
      headers: { cookie: `user_sessionid=${cookie}`, origin: base },
      body: form,
    });
    const created = (await res.json()) as { code: number; msg: string; data: { id: string } };
    if (created.code !== 20000) throw new Error(`/task/create: ${created.msg}`);
    const taskId = created.data.id;
    await call.post('/task/start', { id: taskId });
    await untilCompleted(call, taskId, 300_000);

    const objectKey = await uploadVideo(call, base, video);
    await call.post('/file/attach_media', { taskId, objectKey });
    // the attached video's waveform and shot changes (a job of their own) are done before any
    // render is timed: they would share the cores
    const deadline = Date.now() + 900_000;
    for (;;) {
      const overview = await call.post<Overview>('/file/overview', { taskId });
      if (overview.state === 'ready' || overview.state === 'failed') break;
      if (Date.now() > deadline) throw new Error('the attached video’s overview took over 15 minutes');
      await sleep(500);
    }
    return { server, base, cookie, call, taskId };
  } catch (err) {
    await stopServer(server);
    throw err;
  }
}

/** The script the render writes, by the same writer, from the task's lines and look. */
export async function handScript(s: Setup, canvas: { width: number; height: number }) {
  const res = await fetch(`${s.base}/task/lines?id=${s.taskId}`, {
    headers: { cookie: `user_sessionid=${s.cookie}` },
  });
  const { data: task } = (await res.json()) as { data: TaskWithLines };
  const events = [...task.lines]
    .sort((a, b) => a[1] - b[1])
    .map(([, startMs, endMs, , text]) => ({ startMs, endMs, text }));
  return {
    lines: events.length,
    script: writeAss(events, {
      language: task.targetLanguage,
      sourceLanguage: task.detectedLanguage ?? task.originalLanguage,
      title: task.fileName,
      look: DEFAULT_RENDER_STYLE,
      canvas,
    }),
  };
}
