/**
 * The product's server (HTTP, its in-process workers and its session cache's LISTEN connection)
 * in a process of its own on PostgreSQL, for a test that terminates its database connections.
 * Beside the product's calls it answers two of the test's, which hold connections checked out
 * while the test kills them:
 * - POST /test/tx {key, sleepMs, gapMs}: one transaction that writes a mark, sleeps in a statement
 *   (the connection is busy), waits between statements (it is idle in the transaction), then
 *   marks it done;
 * - POST /test/job {key}: sends a job of a queue of its own (QUEUE_SCHEMA), whose handler records
 *   its start and end on a connection the test does not kill (EVENTS_URL, EVENTS_TABLE).
 * - GET /test/log: how many times each message was logged.
 * Prints `ready <port>` once it listens.
 */
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createContext } from '../../src/bootstrap.js';
import { JobQueue, type JobDefinition } from '../../src/providers/queue/queue.js';
import { startQueue } from '../../src/jobs/start.js';
import { ensureFirstManager } from '../../src/modules/accounts/accounts.service.js';
import { exitOnSignals, exitOnUnexpectedErrors } from '../../src/shutdown.js';

interface LossJobs {
  'test.loss': { key: string };
}
// a claim whose answer was lost is retried once its heartbeat is missed: room for many of them
const DEFINITIONS: { [K in keyof LossJobs]: JobDefinition } = {
  'test.loss': {
    concurrency: 4,
    options: { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false, retryLimit: 50 },
  },
};

// what the server logged, counted by message (GET /test/log): the test reads what broke where
const logged = new Map<string, number>();
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      const { msg, level } = JSON.parse(line) as { msg?: string; level: number };
      if (msg) logged.set(msg, (logged.get(msg) ?? 0) + 1);
      // a fatal error ends the process: the test's output says why
      if (process.env.TEST_LOG_LEVEL || level >= 60) process.stderr.write(`${line}\n`);
    }
    done();
  },
});
const log = pino({ level: 'info' }, logStream) as unknown as FastifyBaseLogger;
const ctx = await createContext(process.env, { schema: process.env.APP_SCHEMA!, log });
exitOnUnexpectedErrors(log);
const events = new pg.Pool({ connectionString: process.env.EVENTS_URL!, max: 4 });
const table = process.env.EVENTS_TABLE!;
await ctx.db.query('CREATE TABLE IF NOT EXISTS loss_marks (key text PRIMARY KEY, done boolean NOT NULL)');

const app = await buildApp(ctx);
app.post<{ Body: { key: string; sleepMs: number; gapMs: number } }>('/test/tx', async (req) => {
  const { key, sleepMs, gapMs } = req.body;
  await ctx.db.tx(async (q) => {
    await q.query('INSERT INTO loss_marks (key, done) VALUES ($1, false)', [key]);
    await q.query('SELECT pg_sleep($1)', [sleepMs / 1000]);
    await new Promise((r) => setTimeout(r, gapMs));
    await q.query('UPDATE loss_marks SET done = true WHERE key = $1', [key]);
  });
  return { code: 20000, msg: 'ok', data: null };
});

const lossQueue = await JobQueue.open<LossJobs>({
  db: ctx.db,
  databaseUrl: ctx.env.DATABASE_URL,
  definitions: DEFINITIONS,
  log,
  settings: { schema: process.env.QUEUE_SCHEMA!, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 },
});
await lossQueue.work({
  'test.loss': async (payload, job) => {
    const record = (event: string) =>
      events.query(`INSERT INTO ${table} (job_id, key, event) VALUES ($1, $2, $3)`, [
        job.id,
        payload.key,
        event,
      ]);
    await record('start');
    await new Promise((r) => setTimeout(r, 30));
    await record('done');
  },
});
app.post<{ Body: { key: string } }>('/test/job', async (req) => {
  await lossQueue.send('test.loss', { key: req.body.key });
  return { code: 20000, msg: 'ok', data: null };
});

app.get('/test/log', async () => Object.fromEntries(logged));

await ensureFirstManager(ctx);
const queue = await startQueue(ctx, {
  work: true,
  settings: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 2, schedule: false },
});
exitOnSignals({ ctx, app, queue });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
