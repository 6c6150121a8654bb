/**
 * Issue 39, batches: 50 files of 500 cues into 2 languages through /batch/create against the same
 * 100 tasks uploaded and started one by one (as a script would), each from its first call until
 * every task is completed, through the real queue (4 tasks a process, the shipped per-user limit)
 * and a local engine answering each call after 300 ms (its own process). Then the batch's ZIP of
 * its 100 results over HTTP: time to the first byte against one task's own export, and the
 * server's memory growth while it is sent against the archive's size.
 */
import { request } from 'node:http';
import { formatSrtTime } from '@subtrans/subtitles';
import type { Batch, Task } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../apps/server/test/harness.js';
import { multipart, OWN_ORIGIN } from '../apps/server/test/support/http.js';
import { grantPoints, uploadSrt } from '../apps/server/test/support/tasks.js';
import type { Figure } from './ledger.js';
import { forkServer } from './support.js';

const KEY = 'bench-key';
const FILES = Number(process.env.BENCH_BATCH_FILES ?? 50);
const CUES = 500;
const TARGETS = ['ja', 'fr'];

const srt = (n: number) =>
  Array.from({ length: CUES }, (_, k) => {
    const start = k * 3600;
    return `${k + 1}\r\n${formatSrtTime(start)} --> ${formatSrtTime(start + 3000)}\r\nEpisode ${n}, line ${k + 1}.\r\n`;
  }).join('\r\n');
const files = Array.from({ length: FILES }, (_, i) => ({ name: `episode-${i + 1}.srt`, data: srt(i + 1) }));

async function allDone(t: TestApp, userId: number, expected: number): Promise<void> {
  for (;;) {
    const [row] = await t.ctx.db.query<{ done: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'completed')::int AS done,
              count(*) FILTER (WHERE status = 'failed')::int AS failed FROM tasks WHERE user_id = $1`,
      [userId],
    );
    if (row!.failed) throw new Error(`${row!.failed} tasks failed`);
    if (row!.done === expected) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function withApp<T>(fn: (t: TestApp, user: { id: number; token: string }) => Promise<T>): Promise<T> {
  delete process.env.TEST_DB;
  const engine = await forkServer('engine-server.ts', {
    BENCH_ENGINE_KEY: KEY,
    BENCH_ENGINE_LATENCY_MS: '300',
  });
  const t = await startTestApp({
    queue: true,
    env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url, TRANSLATE_TASKS_PER_WORKER: '4' },
  });
  try {
    const user = await t.signUp();
    await grantPoints(t, user.id, 1_000_000);
    return await fn(t, user);
  } finally {
    await t.close();
    engine.child.kill();
  }
}

/** One by one: each file uploaded, then started, per language, as a script would. */
async function oneByOne(): Promise<number> {
  return withApp(async (t, user) => {
    const at = performance.now();
    for (const file of files) {
      for (const targetLanguage of TARGETS) {
        const made = (await uploadSrt(t, user.token, file, { targetLanguage })).json<{ data: Task }>().data;
        const started = await t.post('/task/start', { id: made.id }, { as: user.token });
        if (started.json<{ code: number }>().code !== 20000) throw new Error(started.body);
      }
    }
    await allDone(t, user.id, files.length * TARGETS.length);
    return performance.now() - at;
  });
}

/** Time to the first byte of a POST's answer, and the answer's size, read as it comes. */
function firstByte(port: number, path: string, token: string, body: object, sample: () => void) {
  return new Promise<{ firstMs: number; bytes: number }>((resolve, reject) => {
    const at = performance.now();
    let firstMs = 0;
    let bytes = 0;
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `user_sessionid=${token}`,
          origin: `http://127.0.0.1:${port}`,
        },
      },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`${path}: HTTP ${res.statusCode}`));
        res.on('data', (chunk: Buffer) => {
          if (!bytes) firstMs = performance.now() - at;
          bytes += chunk.length;
          sample();
        });
        res.on('end', () => resolve({ firstMs, bytes }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function throughBatch(): Promise<{ wallMs: number; zip: Figure[] }> {
  return withApp(async (t, user) => {
    const { payload, contentType } = multipart([
      { name: 'targetLanguages', data: TARGETS.join(',') },
      ...files.map((f) => ({
        name: 'files',
        filename: f.name,
        contentType: 'application/x-subrip',
        data: f.data,
      })),
    ]);
    const at = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/batch/create',
      headers: { 'content-type': contentType, cookie: `user_sessionid=${user.token}`, origin: OWN_ORIGIN },
      payload,
    });
    const batch = res.json<{ code: number; data: Batch }>();
    if (batch.code !== 20000) throw new Error(res.body);
    await allDone(t, user.id, files.length * TARGETS.length);
    const wallMs = performance.now() - at;

    // the ZIP over a real connection, the server in this process: its memory is ours
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const one = batch.data.tasks[0]!;
    const single = await firstByte(port, '/task/export', user.token, { id: one.id, format: 'srt' }, () => {});
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const zip = await firstByte(
      port,
      '/batch/export',
      user.token,
      { id: batch.data.id, formats: ['srt'], includeOriginal: false },
      () => (peak = Math.max(peak, process.memoryUsage().rss)),
    );
    const growthMb = (peak - before) / 1024 / 1024;
    const zipMb = zip.bytes / 1024 / 1024;
    console.error(
      `batch ZIP of ${batch.data.tasks.length} results: ${zipMb.toFixed(1)} MB, first byte ${Math.round(zip.firstMs)} ms (one export ${Math.round(single.firstMs)} ms), memory +${growthMb.toFixed(1)} MB`,
    );
    return {
      wallMs,
      zip: [
        {
          name: `batch ZIP of ${batch.data.tasks.length} results: first byte`,
          value: Math.round(zip.firstMs),
          unit: 'ms',
          baseline: 'one task’s export, same run',
          baselineValue: Math.round(single.firstMs),
          ratio: Math.round((zip.firstMs / Math.max(1, single.firstMs)) * 100) / 100,
          goal: '≤ 500 ms',
        },
        {
          name: `batch ZIP of ${batch.data.tasks.length} results: server memory growth while sent`,
          value: Math.round(growthMb * 10) / 10,
          unit: 'MB',
          baseline: 'the archive’s size',
          baselineValue: Math.round(zipMb * 10) / 10,
          ratio: Math.round((growthMb / zipMb) * 100) / 100,
          goal: '≤ 20 MB',
        },
      ],
    };
  });
}

export async function benchBatch(): Promise<Figure[]> {
  const alone = await oneByOne();
  const { wallMs, zip } = await throughBatch();
  console.error(
    `batch of ${FILES}×${TARGETS.length}: ${Math.round(wallMs)} ms, one by one ${Math.round(alone)} ms`,
  );
  return [
    {
      name: `${FILES} files of ${CUES} cues into ${TARGETS.length} languages as one batch, first call to all done`,
      value: Math.round(wallMs),
      unit: 'ms',
      baseline: 'the same tasks uploaded and started one by one',
      baselineValue: Math.round(alone),
      ratio: Math.round((wallMs / alone) * 100) / 100,
      goal: '≤ 1.1×',
    },
    ...zip,
  ];
}
