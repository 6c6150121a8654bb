/**
 * Ledger and queue figures on PostgreSQL: hold + capture transactions per second with one
 * connection (baseline: an empty transaction) and with a pool of 4 (baseline: pgbench calling the
 * same two SQL functions from 4 clients, the machine's limit), and the job round trip
 * (send → handler start) at the configured polling interval.
 */
import pino from 'pino';
import { openDb, type Db } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { JobQueue } from '../apps/server/src/providers/queue/queue.js';
import * as ledger from '../apps/server/src/modules/billing/ledger.service.js';
import { pgbenchHoldCapture } from './pgbench.js';

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

interface Run {
  count: number;
  seconds: number;
  latencies: number[];
}

/** Runs `op` from `workers` concurrent loops for `ms`; answers the count and each op's latency. */
async function measureRaw(workers: number, ms: number, op: (worker: number, i: number) => Promise<void>) {
  const run: Run = { count: 0, seconds: ms / 1000, latencies: [] };
  const end = Date.now() + ms;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; Date.now() < end; i += 1) {
        const started = performance.now();
        await op(w, i);
        run.latencies.push(performance.now() - started);
        run.count += 1;
      }
    }),
  );
  return run;
}

const summary = (...runs: Run[]) => ({
  perSecond: Math.round(runs.reduce((n, r) => n + r.count, 0) / runs.reduce((n, r) => n + r.seconds, 0)),
  p99: p99(runs.flatMap((r) => r.latencies)),
});

/** Runs `op` from `workers` concurrent loops for the duration; answers ops/s and p99 in ms. */
const measure = async (workers: number, op: (worker: number, i: number) => Promise<void>) =>
  summary(await measureRaw(workers, DURATION_MS, op));

async function holdCapture(db: Db, databaseUrl: string, poolSize: number, figures: Figure[]) {
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
  const pairs = (ms: number) =>
    measureRaw(poolSize, ms, async (w, i) => {
      const task = `bench-${run}-${w}-${i}-${ms}`;
      await ledger.hold(db, users[w]!, task, 10);
      await ledger.capture(db, task, 7);
    });
  let r: ReturnType<typeof summary>;
  let limit: Awaited<ReturnType<typeof pgbenchHoldCapture>> | null = null;
  if (poolSize === 1) r = summary(await pairs(DURATION_MS));
  else {
    // pgbench, product, product, pgbench: the machine's drift (other work, growing tables) falls
    // on both alike
    const half = Math.max(1, Math.round(DURATION_MS / 2000));
    const first = await pgbenchLimit(databaseUrl, users, half);
    const a = await pairs(half * 1000);
    const b = await pairs(half * 1000);
    const last = await pgbenchLimit(databaseUrl, users, half);
    r = summary(a, b);
    limit =
      'missing' in first || 'missing' in last
        ? first
        : { pairsPerSecond: Math.round((first.pairsPerSecond + last.pairsPerSecond) / 2) };
  }
  const negative = await db.query(`SELECT 1 FROM point_accounts WHERE balance < 0 OR held < 0`);
  if (negative.length) throw new Error('a balance went negative during the benchmark');
  const label = poolSize === 1 ? 'one connection' : `pool of ${poolSize}`;
  if (!limit) {
    figures.push({
      name: `hold + capture on PostgreSQL, ${label}`,
      value: r.perSecond,
      unit: 'pairs/s',
      baseline: 'empty transaction on the same pool',
      baselineValue: empty.perSecond,
      ratio: Number((r.perSecond / empty.perSecond).toFixed(3)),
      goal: '>= 500/s',
    });
  } else {
    figures.push({
      name: `hold + capture on PostgreSQL, ${label}`,
      value: r.perSecond,
      unit: 'pairs/s',
      baseline:
        'missing' in limit ? limit.missing : `pgbench, the same two SQL functions, ${poolSize} clients`,
      baselineValue: 'missing' in limit ? null : limit.pairsPerSecond,
      ratio: 'missing' in limit ? null : Number((r.perSecond / limit.pairsPerSecond).toFixed(3)),
      goal: '>= 0.85x',
    });
  }
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

/** pgbench on the workers' own users (consecutive ids, as the loop above inserts them one by one). */
async function pgbenchLimit(databaseUrl: string, users: number[], seconds: number) {
  if (users.some((id, w) => id !== users[0]! + w))
    throw new Error(`bench users are not consecutive: ${users.join(', ')}`);
  return pgbenchHoldCapture(databaseUrl, users[0]!, users.length, seconds);
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
      await holdCapture(db, databaseUrl, poolSize, figures);
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
