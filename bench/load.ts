/**
 * What one user can do to the server with the largest SRT a task takes (20,000 cues in 5 MB), per
 * database, each figure beside the same one on the idle server in the same run:
 * - `/healthz` p99 latency while 4 uploads of that file run one after another on 4 connections
 *   (the server must stay responsive: goal <= 100 ms);
 * - the server's resident memory growth while 10 clients read that task at once, by /task/get and
 *   by /task/lines, several rounds (goal <= 200 MB).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Figure } from './ledger.js';
import { ADMIN, freePort, ROOT, rssMb, signInAsAdmin } from './support.js';

const CUES = 20_000;
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** 20,000 cues of about 240 characters: as close to 5 MB as the upload limit lets them be */
export function largestSrt(): Buffer {
  const text = 'The quick brown fox jumps over the lazy dog. '.repeat(5).slice(0, 200);
  const time = (ms: number) => {
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor(ms / 60_000) % 60;
    const s = Math.floor(ms / 1000) % 60;
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms % 1000, 3)}`;
  };
  const parts: string[] = [];
  for (let i = 0; i < CUES; i += 1)
    parts.push(`${i + 1}\n${time(i * 500)} --> ${time(i * 500 + 400)}\n${text} ${i}\n`);
  return Buffer.from(parts.join('\n'));
}

async function waitReady(base: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${base} did not start`);
}

/** /healthz every 20 ms for `ms`, one at a time; the latencies */
async function probeHealth(base: string, ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t0 = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - t0);
    await sleep(20);
  }
  return latencies;
}

async function upload(base: string, headers: Record<string, string>, srt: Buffer): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([srt]), 'largest.srt');
  form.set('targetLanguage', 'ja');
  const res = await fetch(`${base}/task/create`, { method: 'POST', headers, body: form });
  const body = (await res.json()) as { code: number; msg: string; data: { id: string } };
  if (body.code !== 20000) throw new Error(`upload failed: ${body.code} ${body.msg}`);
  return body.data.id;
}

/** peak resident memory above `idle` while `work` runs, sampled every 20 ms */
async function peakGrowth(pid: number, idle: number, work: () => Promise<unknown>): Promise<number> {
  let peak = idle;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(20);
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return Math.round(peak - idle);
}

export async function benchLoadOn(label: string, env: Record<string, string>): Promise<Figure[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const figures: Figure[] = [];
  try {
    await waitReady(base);
    const headers = { cookie: await signInAsAdmin(base), origin: base };
    const srt = largestSrt();
    // warm up: one upload and one read of each kind
    const taskId = await upload(base, headers, srt);
    const read = async (kind: 'get' | 'lines') => {
      const res =
        kind === 'get'
          ? await fetch(`${base}/task/get`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
              body: JSON.stringify({ id: taskId }),
            })
          : await fetch(`${base}/task/lines?id=${taskId}`, {
              headers: { ...headers, 'accept-encoding': 'gzip' },
            });
      const body = (await res.json()) as { code: number };
      if (body.code !== 20000) throw new Error(`read failed: ${JSON.stringify(body).slice(0, 200)}`);
    };
    await read('get');
    await read('lines');
    await sleep(2000);

    const idle = await probeHealth(base, SECONDS * 1000);
    let uploading = true;
    const uploads = Array.from({ length: 4 }, async () => {
      let n = 0;
      while (uploading) {
        await upload(base, headers, srt);
        n += 1;
      }
      return n;
    });
    const loaded = await probeHealth(base, SECONDS * 1000);
    uploading = false;
    const done = (await Promise.all(uploads)).reduce((a, b) => a + b, 0);
    const idleP99 = Math.round(percentile(idle, 99));
    figures.push({
      name: `/healthz p99 during 4 uploads of a ${CUES}-cue SRT at once (${label}; ${done} uploads)`,
      value: Math.round(percentile(loaded, 99)),
      unit: 'ms',
      baseline: '/healthz p99 idle',
      baselineValue: idleP99,
      ratio: Number((percentile(loaded, 99) / Math.max(1, percentile(idle, 99))).toFixed(2)),
      goal: '<= 100 ms',
    });

    await sleep(2000);
    const idleRss = Math.round(rssMb(server.pid!));
    for (const kind of ['get', 'lines'] as const) {
      const growth = await peakGrowth(server.pid!, idleRss, async () => {
        for (let round = 0; round < 3; round += 1)
          await Promise.all(Array.from({ length: 10 }, () => read(kind)));
      });
      figures.push({
        name: `memory growth during 10 concurrent /task/${kind} of a ${CUES}-cue task (${label})`,
        value: growth,
        unit: 'MB',
        baseline: 'idle resident memory',
        baselineValue: idleRss,
        ratio: Number((growth / idleRss).toFixed(2)),
        goal: '<= 200 MB',
      });
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  return figures;
}
