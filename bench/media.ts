/**
 * Audio/video:
 * - a direct upload through the local-disk backend (the app's own signed part URLs, 8 MiB parts,
 *   three at a time, as the browser sends them, from bench/upload-client.ts in a process of its
 *   own) of 64 MB and 512 MB: MB/s against a plain `cp` of the same file with the copy flushed to
 *   disk (the server flushes each part in the background and the whole file before it completes
 *   the upload), the CPU the server and the client used for it, and the server's resident memory
 *   growth at each size (it should not grow with the file: parts stream to disk);
 * - the audio extraction of a 10-minute video inside the execution job (the job's own timing of
 *   the step, queue pickup excluded): × real time, against plain ffmpeg on the same file.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createWriteStream, readFileSync, statfsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** CPU time (user + system, every thread) a process has used, in ms */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Runs bench/upload-client.ts (a process of its own) for one upload: once the client has loaded,
 * `onStart` runs and the upload starts. Answers the upload's time and the client's CPU for it.
 */
async function uploadThroughServer(base: string, cookie: string, file: string, onStart: () => void) {
  const client = fork(path.join(ROOT, 'bench/upload-client.ts'), [base, cookie, file], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((r) => client.once('exit', r));
  let result: { ms: number; cpuMs: number } | null = null;
  client.on('message', (m: 'ready' | { ms: number; cpuMs: number }) => {
    if (m !== 'ready') result = m;
    else {
      onStart();
      client.send('go');
    }
  });
  const code = await exited;
  if (code !== 0 || !result) throw new Error(`the upload client exited with ${code}`);
  return result as { ms: number; cpuMs: number };
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
      let serverCpu = 0;
      let upload: { ms: number; cpuMs: number };
      try {
        upload = await uploadThroughServer(base, cookie, file, () => (serverCpu = cpuMsOf(server!.pid!)));
      } finally {
        clearInterval(sampler);
      }
      const serverCpuMs = cpuMsOf(server!.pid!) - serverCpu;
      const seconds = upload.ms / 1000;
      const cpStarted = performance.now();
      // cp, then the copy flushed to disk: a completed upload is on disk when it is answered
      const copy = path.join(dir, `copy-${mb}.bin`);
      const cp = spawnSync('sh', ['-c', 'cp "$0" "$1" && sync "$1"', file, copy]);
      if (cp.status !== 0) throw new Error(`cp failed: ${cp.stderr.toString()}`);
      const cpSeconds = (performance.now() - cpStarted) / 1000;
      return {
        mbps: mb / seconds,
        cpMbps: mb / cpSeconds,
        growth: Math.max(0, peak - before),
        serverCpuMs,
        clientCpuMs: upload.cpuMs,
        ms: upload.ms,
      };
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
        name: `Server CPU time while uploading ${big} MB (all threads, user + system)`,
        value: Math.round(b.serverCpuMs),
        unit: 'ms',
        baseline: `the bench's upload client (its own process), of ${Math.round(b.ms)} ms`,
        baselineValue: Math.round(b.clientCpuMs),
        ratio: round(b.serverCpuMs / b.clientCpuMs),
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

/** BENCH_MEDIA picks `upload` or `extraction` alone (default both) */
export async function benchMedia(): Promise<Figure[]> {
  const only = process.env.BENCH_MEDIA;
  const figures: Figure[] = [];
  if (only !== 'extraction') await benchUpload(figures);
  if (only !== 'upload') await benchExtraction(figures);
  return figures;
}
