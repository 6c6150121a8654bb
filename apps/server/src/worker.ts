import { createContext } from './bootstrap.js';
import { ConfigError } from './config/env.js';
import { retryWhileConnectionLost } from './db/start-retry.js';
import { startQueue } from './jobs/start.js';
import { joinSiblings, type Membership } from './processes/siblings.js';
import { describeStorage, storageIdentity } from './providers/storage/storage-identity.js';
import { exitOnSignals, exitOnUnexpectedErrors } from './shutdown.js';

let membership: Membership | null = null;

/** Runs only the job workers (no HTTP): for deployments with WORKERS=external on the servers. */
async function main() {
  const ctx = await createContext(process.env);
  exitOnUnexpectedErrors(ctx.log);
  if (ctx.db.kind === 'pglite') {
    throw new ConfigError(
      'Invalid configuration:\n  - a separate worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process',
    );
  }
  // before taking a job: a worker whose storage or secret differs from the live ones' stops here
  membership = await retryWhileConnectionLost(
    'joining the other processes',
    () => joinSiblings(ctx, 'worker'),
    {
      log: ctx.log,
    },
  );
  const queue = await startQueue(ctx, { work: true, settings: { schedule: true } });
  // handlers first: whoever reads "worker started" may stop the worker at once
  exitOnSignals({ ctx, queue, membership });
  ctx.log.info({ storage: describeStorage(storageIdentity(ctx.env)) }, 'worker started');
}

main().catch(async (err: unknown) => {
  process.stderr.write(
    err instanceof ConfigError
      ? `${err.message}\n`
      : `Worker start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  // a start that failed after joining leaves no record that would count as running
  await membership?.leave().catch(() => undefined);
  process.exit(1);
});
