import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { isConnectionLost } from './db/connection-loss.js';
import type { AppContext } from './context.js';
import type { AppQueue } from './providers/queue/queue.js';
import type { Membership } from './processes/siblings.js';

/** The whole shutdown, after which the process exits whatever is still running. */
export const SHUTDOWN_DEADLINE_MS = 2800;
/** How long running jobs get to save what is done and be put back. */
const JOBS_TIMEOUT_MS = 2000;
/**
 * How long engine calls in flight get to answer (then saved) before they are aborted: a second of
 * the jobs' two leaves the other for the saves (a database round trip each) and the put back.
 */
export const STOP_GRACE_MS = 1000;

/**
 * SIGTERM and SIGINT (a deployment, a container stop, Ctrl-C): the process stops taking requests
 * and jobs, aborts ffmpeg and transcriptions at once, starts no engine call and gives those in
 * flight STOP_GRACE_MS to answer (every answer is saved), aborts the rest, lets each job save what
 * is done and puts it back without using up a retry, closes the database and exits, within
 * SHUTDOWN_DEADLINE_MS.
 * A second signal exits at once. Used by the server (main.ts), the worker (worker.ts) and the
 * tests' child processes.
 */
export function exitOnSignals(opts: {
  ctx: AppContext;
  queue: AppQueue | null;
  app?: FastifyInstance;
  /** this process's record among its siblings (processes/siblings.ts), removed once work stops */
  membership?: Membership;
}): void {
  const { ctx, queue, app, membership } = opts;
  const exit = (code: number) => process.exit(code);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      ctx.log.warn({ signal }, 'second signal: exiting at once');
      exit(1);
    }
    closing = true;
    const started = Date.now();
    ctx.log.info({ signal }, 'shutting down: no new work, running jobs are saved and put back');
    const deadline = setTimeout(() => {
      ctx.log.error({ ms: Date.now() - started }, 'shutdown did not finish in time: exiting');
      exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      // HTTP and jobs stop side by side: both still need the database, closed after them
      await Promise.all([app?.close(), queue?.shutdown(JOBS_TIMEOUT_MS, STOP_GRACE_MS)]);
      // no job uses an engine any more: local engine processes (Apertium's pipelines) are stopped
      await ctx.engines.close();
      // this process no longer counts as running: a new one may start with other settings (if
      // the database is away, the record expires by itself)
      await membership?.leave().catch((err: unknown) => ctx.log.warn({ err }, 'process record not removed'));
      ctx.mailer.close();
      await ctx.db.close();
      ctx.log.info({ ms: Date.now() - started }, 'shut down');
      exit(0);
    } catch (err) {
      ctx.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * The server ending a connection (pg_terminate_backend, a failover: 57P01 …) whose client its
 * owner has already let go: pg-boss takes every listener off its LISTEN client before it ends it
 * (at stop, and when a failed start is undone), and node-postgres emits the server's goodbye,
 * arriving meanwhile, as an 'error' nothing hears. Nothing used that connection any more.
 */
function isLetGoConnection(err: Error): err is pg.DatabaseError {
  return err instanceof pg.DatabaseError && isConnectionLost(err);
}

/**
 * An error nothing handled (thrown from a callback or an 'error' event with no listener, or a
 * rejected promise nobody awaited) leaves the process in a state nobody can vouch for: it is logged
 * as fatal, with the error, and the process exits with 1 for its supervisor to start it again (its
 * jobs are retried once their heartbeat stops). Failures we expect, such as a lost database
 * connection, are handled where they happen and never come here, but for a connection a library
 * had let go when it broke (isLetGoConnection).
 */
export function exitOnUnexpectedErrors(log: FastifyBaseLogger): void {
  // unhandled rejections arrive here too (origin 'unhandledRejection'), as Node's default throws them
  process.on('uncaughtException', (err, origin) => {
    if (origin === 'uncaughtException' && isLetGoConnection(err)) {
      log.warn(
        { err: { message: err.message, code: err.code } },
        'a database connection let go broke: carrying on',
      );
      return;
    }
    log.fatal({ err, origin }, 'unexpected error: exiting');
    process.exit(1);
  });
}
