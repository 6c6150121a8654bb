/**
 * The product's server in a process of its own, as `npm start` runs it: HTTP, the job workers in
 * the same process, and its SIGTERM handling. On PostgreSQL (DATABASE_URL) in the schema
 * APP_SCHEMA, else on embedded PGlite in DATA_DIR. Prints `ready <port>` once it listens.
 */
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createContext } from '../../src/bootstrap.js';
import { startQueue } from '../../src/jobs/start.js';
import { ensureFirstManager } from '../../src/modules/accounts/accounts.service.js';
import { exitOnSignals } from '../../src/shutdown.js';

const ctx = await createContext(process.env, {
  ...(process.env.APP_SCHEMA ? { schema: process.env.APP_SCHEMA } : {}),
  log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger,
});
const app = await buildApp(ctx);
await ensureFirstManager(ctx);
const queue = await startQueue(ctx, {
  work: true,
  settings: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 2, schedule: false },
});
exitOnSignals({ ctx, app, queue });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
