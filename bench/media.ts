/**
 * Audio/video:
 * - a direct upload through the local-disk backend (the app's own signed part URLs, 8 MiB parts,
 *   three at a time, as the browser sends them) of 64 MB and 512 MB: MB/s against a plain `cp` of
 *   the same file with the copy flushed to disk (each uploaded part is flushed before it is answered), and the server's resident memory growth at each size (it should not grow with
 *   the file: parts stream to disk);
 * - the audio extraction of a 10-minute video inside the execution job (the job's own timing of
 *   the step, queue pickup excluded): × real time, against plain ffmpeg on the same file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream, statfsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { Readable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompletedUpload, UploadPartUrls, UploadTicket } from '@subtrans/contract';
import { startTestApp } from '../apps/server/test/harness.js';
import { captureLog } from '../apps/server/test/support/log-capture.js';
import { makeLongVideo } from '../apps/server/test/support/media.js';
import { uploadMedia } from '../apps/server/test/support/media-upload.js';
import { grantPoints } from '../apps/server/test/support/tasks.js';
import { startTranscriptionServer } from '../apps/server/test/support/transcription-server.js';
import { startOpenAiServer } from '../apps/server/test/support/translation-servers.js';
import { until } from '../apps/server/test/support/until.js';
import type { Figure } from './ledger.js';
import { ADMIN, freePort, ROOT, rssMb, signInAsAdmin } from './support.js';

const MB = 1024 * 1024;

async function writeRandomFile(file: string, bytes: number) {
  const out = createWriteStream(file);
  const chunk = Buffer.alloc(8 * MB);
  for (let left = bytes; left > 0; left -= chunk.length) {
    randomFillSync(chunk);
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    if (!out.write(piece)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}

/** PUT a file slice as a stream (as a browser sends a Blob), without copying it into memory first */
function putStream(url: string, body: Readable, length: number): Promise<{ status: number; etag: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': length }, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? '') }));
    });
    req.on('error', reject);
    body.pipe(req);
  });
}
const agent = new Agent({ keepAlive: true, maxSockets: 3 });

async function uploadThroughServer(base: string, cookie: string, file: string, size: number) {
  const headers = { 'content-type': 'application/json', cookie, origin: base };
  const call = async <T>(url: string, body: unknown): Promise<T> => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 20000) throw new Error(`${url}: ${json.msg}`);
    return json.data;
  };
  const ticket = await call<UploadTicket>('/file/sts-credentials', {
    fileName: 'bench.mp4',
    size,
    contentType: 'video/mp4',
    type: 2,
  });
  const numbers = Array.from({ length: ticket.partCount }, (_, i) => i + 1);
  const urls = new Map<number, string>();
  for (let i = 0; i < numbers.length; i += 100) {
    const got = await call<UploadPartUrls>('/file/upload_parts', {
      uploadId: ticket.uploadId,
      partNumbers: numbers.slice(i, i + 100),
    });
    for (const u of got.urls) urls.set(u.partNumber, u.url);
  }
  const parts: { partNumber: number; etag: string }[] = [];
  const queue = [...numbers];
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const start = (n - 1) * ticket.partSize;
      const length = Math.min(ticket.partSize, size - start);
      const { status, etag } = await putStream(
        `${base}${urls.get(n)!}`,
        createReadStream(file, { start, end: start + length - 1, highWaterMark: 1024 * 1024 }),
        length,
      );
      if (status !== 200) throw new Error(`part ${n}: HTTP ${status}`);
      parts.push({ partNumber: n, etag });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  const done = await call<CompletedUpload>('/file/complete_upload', { uploadId: ticket.uploadId, parts });
  if (done.size !== size) throw new Error(`stored ${done.size} bytes of ${size}`);
}

async function benchUpload(figures: Figure[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
  const free = (() => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  })();
  // the file, its uploaded copy and the cp copy must fit, with room to spare
  const big = free > 4 * 512 * MB ? 512 : free > 4 * 128 * MB ? 128 : 32;
  if (big < 512)
    console.log(`bench media: only ${Math.round(free / MB)} MB free, uploading ${big} MB instead of 512`);
  const small = Math.min(64, big / 2);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  try {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // uploads are refused where speech-to-text is off; this upload is never transcribed
        STT_BASE_URL: 'http://127.0.0.1:9/v1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await until(async () => (await fetch(`${base}/readyz`).catch(() => null))?.ok, 60_000);
    const cookie = await signInAsAdmin(base);

    const measure = async (mb: number) => {
      const file = path.join(dir, `upload-${mb}.bin`);
      await writeRandomFile(file, mb * MB);
      const before = rssMb(server!.pid!);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server!.pid!))), 20);
      const started = performance.now();
      try {
        await uploadThroughServer(base, cookie, file, mb * MB);
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      const cpStarted = performance.now();
      // cp, then the copy flushed to disk: an uploaded part is on disk when it is answered
      const copy = path.join(dir, `copy-${mb}.bin`);
      const cp = spawnSync('sh', ['-c', 'cp "$0" "$1" && sync "$1"', file, copy]);
      if (cp.status !== 0) throw new Error(`cp failed: ${cp.stderr.toString()}`);
      const cpSeconds = (performance.now() - cpStarted) / 1000;
      return { mbps: mb / seconds, cpMbps: mb / cpSeconds, growth: Math.max(0, peak - before) };
    };
    // warm: one small upload first, so lazily loaded code is not counted as growth
    await measure(8);
    const s = await measure(small);
    const b = await measure(big);
    const round = (x: number) => Math.round(x * 10) / 10;
    figures.push(
      {
        name: `Upload of ${big} MB through the local-disk backend (signed part URLs, 8 MiB parts ×3)`,
        value: round(b.mbps),
        unit: 'MB/s',
        baseline: 'cp of the same file, flushed to disk',
        baselineValue: round(b.cpMbps),
        ratio: round(b.mbps / b.cpMbps),
        goal: '≥ 0.5× cp',
      },
      {
        name: `Server memory growth while uploading ${big} MB`,
        value: round(b.growth),
        unit: 'MB',
        baseline: `growth while uploading ${small} MB`,
        baselineValue: round(s.growth),
        // a ratio of two figures under a megabyte says nothing
        ratio: s.growth >= 1 ? round(b.growth / s.growth) : null,
        goal: 'flat: independent of the file size',
      },
    );
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await rm(dir, { recursive: true, force: true });
  }
}

async function benchExtraction(figures: Figure[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-extract-'));
  const stt = await startTranscriptionServer();
  const engine = await startOpenAiServer('bench-key');
  const logs = captureLog();
  const t = await startTestApp({
    queue: true,
    log: logs.log,
    env: { STT_BASE_URL: stt.baseUrl, DEEPSEEK_API_KEY: 'bench-key', DEEPSEEK_BASE_URL: engine.url },
  });
  try {
    const video = await makeLongVideo(dir, { seconds: 600, fileName: 'ten-minutes.mp4' });
    // the same step by hand, as the baseline
    const plainStarted = performance.now();
    const plain = spawnSync('ffmpeg', [
      '-nostdin',
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-i',
      video.path,
      '-vn',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      path.join(dir, 'plain.wav'),
    ]);
    if (plain.status !== 0) throw new Error(`ffmpeg failed: ${plain.stderr.toString()}`);
    const plainMs = performance.now() - plainStarted;

    const u = await t.signUp();
    await grantPoints(t, u.id, 200);
    const up = await uploadMedia(t, u.token, { path: video.path, name: 'ten-minutes.mp4', type: 2 });
    const post = async <T>(url: string, body: unknown) =>
      (await t.post(url, body, { as: u.token })).json<{ code: number; msg: string; data: T }>();
    const { data } = await post<{ taskId: string }>('/file/submit_check_task', {
      objectKey: up.objectKey,
      type: 2,
      targetLau: 'fr',
    });
    await until(
      async () => (await post<{ status: number }>('/file/check_task', data)).data.status === 4,
      60_000,
    );
    const ex = await post('/file/submit_execute_task', {
      taskId: data.taskId,
      targetLau: 'fr',
      transEngin: 2,
    });
    if (ex.code !== 20000) throw new Error(ex.msg);
    const entry = await until(() => logs.find('audio extracted')[0], 120_000);
    const tookMs = Number(entry.tookMs);
    const audioMs = Number(entry.audioMs);
    const ours = audioMs / tookMs;
    const baseline = 600_000 / plainMs;
    figures.push({
      name: 'Audio extraction of a 10-minute video inside the job, to 16 kHz mono WAV',
      value: Math.round(ours),
      unit: '× real time',
      baseline: 'plain ffmpeg on the same file',
      baselineValue: Math.round(baseline),
      ratio: Math.round((ours / baseline) * 100) / 100,
      goal: '≥ 500×',
    });
  } finally {
    await t.close();
    await stt.close();
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function benchMedia(): Promise<Figure[]> {
  const figures: Figure[] = [];
  await benchUpload(figures);
  await benchExtraction(figures);
  return figures;
}
