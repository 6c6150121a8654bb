/**
 * The product's job workers in a process of their own (as `npm run worker` runs them, with its
 * SIGTERM handling), on the test's PostgreSQL schema, so a test can stop or kill it mid-task and
 * start another.
 */
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createContext } from '../../src/bootstrap.js';
import { startQueue } from '../../src/jobs/start.js';
import { exitOnSignals } from '../../src/shutdown.js';

const ctx = await createContext(process.env, {
  schema: process.env.APP_SCHEMA!,
  log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger,
});
const queue = await startQueue(ctx, {
  work: true,
  settings: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 2, schedule: false },
});
exitOnSignals({ ctx, queue });
process.stdout.write('ready\n');
