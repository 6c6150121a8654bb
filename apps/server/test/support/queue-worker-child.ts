/**
 * A worker in its own process for the queue tests: runs `test.slow` jobs, recording each start
 * and completion in a table, and (SLOW=1) hangs mid-job so the test can kill it there.
 */
import pg from 'pg';
import pino from 'pino';
import { openDb } from '../../src/db/client.js';
import { JobQueue } from '../../src/providers/queue/queue.js';
import { SLOW_JOB_DEFINITIONS, type SlowJobs } from './queue-test-jobs.js';

const url = process.env.DATABASE_URL!;
const schema = process.env.QUEUE_SCHEMA!;
const table = process.env.EVENTS_TABLE!;
const slow = process.env.SLOW === '1';

const db = await openDb({ databaseUrl: url, dataDir: '' });
const events = new pg.Pool({ connectionString: url, max: 2 });
const queue = await JobQueue.open<SlowJobs>({
  db,
  databaseUrl: url,
  definitions: SLOW_JOB_DEFINITIONS,
  log: pino({ level: 'silent' }),
  settings: { schema, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 2 },
});
await queue.work({
  'test.slow': async (payload, job) => {
    await events.query(`INSERT INTO ${table} (job_id, key, event, pid) VALUES ($1, $2, 'start', $3)`, [
      job.id,
      payload.key,
      process.pid,
    ]);
    if (slow) await new Promise((r) => setTimeout(r, 10 * 60_000));
    await events.query(`INSERT INTO ${table} (job_id, key, event, pid) VALUES ($1, $2, 'done', $3)`, [
      job.id,
      payload.key,
      process.pid,
    ]);
  },
});
process.stdout.write('ready\n');
