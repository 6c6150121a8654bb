/**
 * Issue 39, fair queues: Bob's single 500-cue task, started while Ann's batch of 100 tasks (100
 * cues each) is queued and running, against the same task on the idle server, from /task/start to
 * its completion (what Bob waits), through the real queue and a local engine answering each batch
 * after 300 ms (its own process). Once with the shipped TRANSLATE_USER_CONCURRENCY (2 of a process's
 * 4), once with it at 4 (no per-user limit): Bob's task then waits behind the batch.
 */
import { formatSrtTime } from '@subtrans/subtitles';
import type { Task } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../apps/server/test/harness.js';
import { grantPoints, uploadSrt } from '../apps/server/test/support/tasks.js';
import type { Figure } from './ledger.js';
import { forkServer } from './support.js';

const KEY = 'bench-key';
const LATENCY_MS = 300;
const BATCH_TASKS = Number(process.env.BENCH_FAIRNESS_TASKS ?? 100);
const BATCH_CUES = 100;
const BOB_CUES = 500;

const srt = (cues: number, who: string) =>
  Array.from({ length: cues }, (_, k) => {
    const start = k * 3600;
    return `${k + 1}\r\n${formatSrtTime(start)} --> ${formatSrtTime(start + 3000)}\r\n${who}, line ${k + 1}.\r\n`;
  }).join('\r\n');

async function upload(t: TestApp, token: string, name: string, data: string): Promise<string> {
  const res = await uploadSrt(t, token, { name, data }, { targetLanguage: 'ja' });
  const body = res.json<{ code: number; data: Task }>();
  if (body.code !== 20000) throw new Error(`upload failed: ${res.body}`);
  return body.data.id;
}

async function start(t: TestApp, token: string, id: string): Promise<void> {
  const res = await t.post('/task/start', { id }, { as: token });
  if (res.json<{ code: number }>().code !== 20000) throw new Error(`start failed: ${res.body}`);
}

/** ms from /task/start to the task's completion (a light status poll every 20 ms) */
async function timed(t: TestApp, token: string, id: string): Promise<number> {
  const at = performance.now();
  await start(t, token, id);
  for (;;) {
    const [row] = await t.ctx.db.query<{ status: string }>(`SELECT status FROM tasks WHERE id = $1`, [id]);
    if (row?.status === 'completed') return performance.now() - at;
    if (row?.status === 'failed') throw new Error(`Bob's task failed`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function runOnce(userConcurrency: number): Promise<{ idle: number; loaded: number }> {
  delete process.env.TEST_DB;
  const engine = await forkServer('engine-server.ts', {
    BENCH_ENGINE_KEY: KEY,
    BENCH_ENGINE_LATENCY_MS: String(LATENCY_MS),
  });
  const t = await startTestApp({
    queue: true,
    env: {
      DEEPSEEK_API_KEY: KEY,
      DEEPSEEK_BASE_URL: engine.url,
      TRANSLATE_TASKS_PER_WORKER: '4',
      TRANSLATE_USER_CONCURRENCY: String(userConcurrency),
    },
  });
  try {
    const ann = await t.signUp();
    const bob = await t.signUp();
    await grantPoints(t, ann.id, 100_000);
    await grantPoints(t, bob.id, 100_000);
    const idle = await timed(t, bob.token, await upload(t, bob.token, 'alone.srt', srt(BOB_CUES, 'Bob')));
    const batch: string[] = [];
    for (let i = 0; i < BATCH_TASKS; i += 1)
      batch.push(await upload(t, ann.token, `episode-${i + 1}.srt`, srt(BATCH_CUES, `Ann ${i + 1}`)));
    for (const id of batch) await start(t, ann.token, id);
    const bobs = await upload(t, bob.token, 'film.srt', srt(BOB_CUES, 'Bob'));
    const loaded = await timed(t, bob.token, bobs);
    const [left] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tasks WHERE user_id = $1 AND status <> 'completed'`,
      [ann.id],
    );
    console.error(
      `fairness, user concurrency ${userConcurrency}: Bob idle ${Math.round(idle)} ms, beside the batch ${Math.round(loaded)} ms (${left!.n} of Ann's ${BATCH_TASKS} not done)`,
    );
    return { idle, loaded };
  } finally {
    await t.close();
    engine.child.kill();
  }
}

export async function benchFairness(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [cap, goal, label] of [
    [2, '≤ 1.5×', 'TRANSLATE_USER_CONCURRENCY 2 (shipped)'],
    [4, undefined, 'no per-user limit (4, a process’s tasks)'],
  ] as const) {
    const { idle, loaded } = await runOnce(cap);
    figures.push({
      name: `Bob's ${BOB_CUES}-cue task while Ann's ${BATCH_TASKS}-task batch runs, start to done, ${label}`,
      value: Math.round(loaded),
      unit: 'ms',
      baseline: 'the same task on the idle server, same run',
      baselineValue: Math.round(idle),
      ratio: Math.round((loaded / idle) * 100) / 100,
      ...(goal ? { goal } : {}),
    });
  }
  return figures;
}
