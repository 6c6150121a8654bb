/**
 * Ledger and queue figures on PostgreSQL: hold + capture transactions per second with one
 * connection and with a pool of 4 (baseline: an empty transaction on the same pool), and the job
 * round trip (send → handler start) at the configured polling interval.
 */
import pino from 'pino';
import { openDb, type Db } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { JobQueue } from '../apps/server/src/jobs/queue.js';
import * as ledger from '../apps/server/src/modules/billing/ledger.service.js';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline: string | null;
  baselineValue: number | null;
  ratio: number | null;
  goal?: string;
}

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 10) * 1000;

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Number((sorted[Math.floor(sorted.length * 0.99)] ?? 0).toFixed(2));
}

/** Runs `op` from `workers` concurrent loops for the duration; answers ops/s and p99 in ms. */
async function measure(workers: number, op: (worker: number, i: number) => Promise<void>) {
  const latencies: number[] = [];
  const end = Date.now() + DURATION_MS;
  let count = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; Date.now() < end; i += 1) {
        const started = performance.now();
        await op(w, i);
        latencies.push(performance.now() - started);
        count += 1;
      }
    }),
  );
  return { perSecond: Math.round(count / (DURATION_MS / 1000)), p99: p99(latencies) };
}

async function holdCapture(db: Db, poolSize: number, figures: Figure[]) {
  const users: number[] = [];
  for (let w = 0; w < poolSize; w += 1) {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (email, name) VALUES ($1, 'Bench') RETURNING id`,
      [`bench-${Date.now()}-${poolSize}-${w}@example.com`],
    );
    users.push(rows[0]!.id);
    await ledger.credit(db, rows[0]!.id, 1_000_000_000, { orderId: `bench-${rows[0]!.id}` });
  }
  const empty = await measure(poolSize, () => db.tx(async (q) => void (await q.query('SELECT 1'))));
  const run = `${Date.now()}`;
  const r = await measure(poolSize, async (w, i) => {
    const task = `bench-${run}-${w}-${i}`;
    await ledger.hold(db, users[w]!, task, 10);
    await ledger.capture(db, task, 7);
  });
  const negative = await db.query(`SELECT 1 FROM point_accounts WHERE balance < 0 OR held < 0`);
  if (negative.length) throw new Error('a balance went negative during the benchmark');
  const label = poolSize === 1 ? 'one connection' : `pool of ${poolSize}`;
  figures.push({
    name: `hold + capture on PostgreSQL, ${label}`,
    value: r.perSecond,
    unit: 'pairs/s',
    baseline: 'empty transaction on the same pool',
    baselineValue: empty.perSecond,
    ratio: Number((r.perSecond / empty.perSecond).toFixed(3)),
    goal: poolSize === 1 ? '>= 500/s' : '>= 2000/s',
  });
  figures.push({
    name: `hold + capture p99 latency, ${label}`,
    value: r.p99,
    unit: 'ms',
    baseline: 'empty transaction p99',
    baselineValue: empty.p99,
    ratio: null,
    goal: '< 20 ms',
  });
}

async function jobRoundTrip(db: Db, databaseUrl: string, figures: Figure[]) {
  const pollSeconds = Number(process.env.QUEUE_POLL_SECONDS ?? 2);
  const queue = await JobQueue.open<{ 'bench.ping': { sentAt: number } }>({
    db,
    databaseUrl,
    definitions: { 'bench.ping': {} },
    log: pino({ level: 'silent' }),
    settings: { schema: 'pgboss_bench', pollingIntervalSeconds: pollSeconds, schedule: false },
  });
  const delays: number[] = [];
  await queue.work({
    'bench.ping': async ({ sentAt }) => {
      delays.push(Date.now() - sentAt);
    },
  });
  // one job at a time on an idle queue: how long a new job waits for a worker
  for (let i = 0; i < 5; i += 1) {
    const before = delays.length;
    await queue.send('bench.ping', { sentAt: Date.now() });
    const deadline = Date.now() + (pollSeconds + 10) * 1000;
    while (delays.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }
  await queue.stop(2000);
  const mean = delays.reduce((a, b) => a + b, 0) / Math.max(delays.length, 1);
  figures.push({
    name: 'job round trip on an idle queue (send → handler start), mean of 5',
    value: Math.round(mean),
    unit: 'ms',
    baseline: 'configured polling interval',
    baselineValue: pollSeconds * 1000,
    ratio: Number((mean / (pollSeconds * 1000)).toFixed(3)),
  });
}

export async function benchLedgerAndQueue(databaseUrl: string, figures: Figure[]) {
  for (const poolSize of [1, 4]) {
    const db = await openDb({ databaseUrl, dataDir: '', poolSize });
    try {
      await migrate(db);
      await holdCapture(db, poolSize, figures);
    } finally {
      await db.close();
    }
  }
  const db = await openDb({ databaseUrl, dataDir: '', poolSize: 4 });
  try {
    await jobRoundTrip(db, databaseUrl, figures);
  } finally {
    await db.close();
  }
}
