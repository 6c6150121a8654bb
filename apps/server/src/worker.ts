import { createContext } from './bootstrap.js';
import { ConfigError } from './config/env.js';
import { startQueue } from './jobs/start.js';
import { exitOnSignals, exitOnUnexpectedErrors } from './shutdown.js';

/** Runs only the job workers (no HTTP): for deployments with WORKERS=external on the servers. */
async function main() {
  const ctx = await createContext(process.env);
  exitOnUnexpectedErrors(ctx.log);
  if (ctx.db.kind === 'pglite') {
    throw new ConfigError(
      'Invalid configuration:\n  - a separate worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process',
    );
  }
  const queue = await startQueue(ctx, { work: true, settings: { schedule: true } });
  ctx.log.info('worker started');
  exitOnSignals({ ctx, queue });
}

main().catch((err: unknown) => {
  process.stderr.write(
    err instanceof ConfigError
      ? `${err.message}\n`
      : `Worker start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
