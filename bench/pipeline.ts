/**
 * A 1-hour SRT (1,000 cues) through the whole task pipeline: /task/create, /task/start (hold),
 * the queue, batches to a local OpenAI-compatible engine that answers each batch after 300 ms,
 * reassembly, storage, completion and capture. Compared with the sequential time (batches × 300 ms)
 * and the ideal time at the configured concurrency (⌈batches / concurrency⌉ × 300 ms), measured
 * from the task's start to its completion with the server's own timestamps.
 */
import { formatSrtTime, parseSrt } from '@subtrans/subtitles';
import type { Task, TaskWithSegments } from '@subtrans/contract';
import { startTestApp } from '../apps/server/test/harness.js';
import { grantPoints, uploadSrt } from '../apps/server/test/support/tasks.js';
import { fakeTranslatedLine } from '../apps/server/test/support/translation-servers.js';
import type { Figure } from './ledger.js';
import { forkServer } from './support.js';

const CUES = 1000;
const LATENCY_MS = 300;
const KEY = 'bench-key';

function hourLongSrt(): string {
  // 1,000 cues over an hour: one every 3.6 s
  return Array.from({ length: CUES }, (_, k) => {
    const start = k * 3600;
    return `${k + 1}\r\n${formatSrtTime(start)} --> ${formatSrtTime(start + 3000)}\r\nLine ${k + 1}: a fox.\r\n`;
  }).join('\r\n');
}

/** The engine runs in its own process, so its timers do not queue behind the server's work. */
async function startEngine() {
  const server = await forkServer('engine-server.ts', {
    BENCH_ENGINE_KEY: KEY,
    BENCH_ENGINE_LATENCY_MS: String(LATENCY_MS),
  });
  return { ...server, requests: async () => Number(await server.ask<number>('count')) };
}

async function runOnce(
  database: 'pglite' | 'postgres',
): Promise<{ ms: number; batches: number; ok: boolean }> {
  if (database === 'postgres') process.env.TEST_DB = 'postgres';
  else delete process.env.TEST_DB;
  const engine = await startEngine();
  const t = await startTestApp({
    queue: true,
    env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url },
  });
  try {
    const u = await t.signUp();
    await grantPoints(t, u.id, 10_000);
    const srt = hourLongSrt();
    const created = (
      await uploadSrt(t, u.token, { name: 'hour.srt', data: srt }, { targetLanguage: 'ja' })
    ).json<{
      data: Task;
    }>().data;
    const started = await t.post('/task/start', { id: created.id }, { as: u.token });
    if (started.json<{ code: number }>().code !== 20000) throw new Error(`start failed: ${started.body}`);
    for (;;) {
      // a light look at the status (fetching 1,000 segments each time would load the server)
      const [row] = await t.ctx.db.query<{ status: string }>(`SELECT status FROM tasks WHERE id = $1`, [
        created.id,
      ]);
      if (row?.status === 'completed' || row?.status === 'failed') {
        const task = (await t.post('/task/get', { id: created.id }, { as: u.token })).json<{
          data: TaskWithSegments;
        }>().data;
        if (task.status === 'failed') throw new Error(`task failed: ${task.error}`);
        // from the job's start (the queue's own record) to the task's completion
        const [times] = await t.ctx.db.query<{ job_id: string; finished_at: Date }>(
          `SELECT job_id, finished_at FROM tasks WHERE id = $1`,
          [created.id],
        );
        const job = await t.ctx.queue!.findJob('tasks.translate', times!.job_id);
        const ms = new Date(times!.finished_at).getTime() - new Date(job!.startedOn).getTime();
        const expected = parseSrt(srt).map((c) => fakeTranslatedLine(c.text, 'ja'));
        const ok =
          task.segments.length === CUES &&
          task.segments.every((s, i) => s.translatedText === expected[i]) &&
          task.keptOriginal === 0;
        return { ms, batches: await engine.requests(), ok };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await t.close();
    engine.child.kill();
  }
}

export async function benchPipeline(databaseUrl: string | null): Promise<Figure[]> {
  const figures: Figure[] = [];
  const concurrency = Number(process.env.TRANSLATE_CONCURRENCY ?? 10);
  const targets: ('pglite' | 'postgres')[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
  for (const db of targets) {
    if (db === 'postgres') process.env.DATABASE_URL = databaseUrl!;
    const { ms, batches, ok } = await runOnce(db);
    const sequential = batches * LATENCY_MS;
    const ideal = Math.ceil(batches / concurrency) * LATENCY_MS;
    figures.push(
      {
        name: `1-hour SRT (${CUES} cues) through the task pipeline, ${db}${ok ? '' : ' (OUTPUT WRONG)'}`,
        value: ms,
        unit: 'ms',
        baseline: `sequential: ${batches} batches × ${LATENCY_MS} ms`,
        baselineValue: sequential,
        ratio: Math.round((sequential / ms) * 10) / 10,
        goal: '≥ 8× faster than sequential',
      },
      {
        name: `task pipeline overhead over the ideal, ${db}`,
        value: Math.round(((ms - ideal) / ideal) * 1000) / 10,
        unit: '%',
        baseline: `ideal ${ideal} ms: ⌈${batches} / ${concurrency}⌉ × ${LATENCY_MS} ms`,
        baselineValue: null,
        ratio: Math.round((ms / ideal) * 100) / 100,
        goal: '≤ 5 %',
      },
    );
  }
  return figures;
}
