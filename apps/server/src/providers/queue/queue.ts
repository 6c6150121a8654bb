import {
  PgBoss,
  fromPglite,
  type ConstructorOptions,
  type Job,
  type JobWithMetadata,
  type Queue,
  type SendOptions,
} from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.js';
import { DbConnectionLost, isConnectionLost } from '../../db/connection-loss.js';
import { retryWhileConnectionLost } from '../../db/start-retry.js';
import { putJobBack } from './queue.repository.js';

/**
 * Lets pg-boss write through one of our transactions: a job sent this way exists only if that
 * transaction commits (no task marked running without its job, no job for a rolled-back task).
 */
function inTransaction(q: Queryable): NonNullable<SendOptions['db']> {
  return { executeSql: async (text: string, values?: unknown[]) => ({ rows: await q.query(text, values) }) };
}

/** A statement of the queue's whose connection broke fails as the app's statements do (TRY_AGAIN). */
function asDbError(err: unknown): unknown {
  return isConnectionLost(err) && !(err instanceof DbConnectionLost) ? new DbConnectionLost(err) : err;
}

/** pg-boss hands its workers' errors on as plain copies ({...error, message}): read both alike. */
function brief(err: unknown): { message: string; code?: unknown } {
  if (typeof err !== 'object' || err === null) return { message: String(err) };
  const { message, code } = err as { message?: unknown; code?: unknown };
  return { message: String(message), ...(code === undefined ? {} : { code }) };
}
function lostConnection(err: unknown): boolean {
  const { message, code } = brief(err);
  return isConnectionLost(err) || isConnectionLost(Object.assign(new Error(message), { code }));
}

/** How many times a job's completion is sent when its connection breaks, and the first pause. */
const COMPLETE_TRIES = 6;
const COMPLETE_RETRY_MS = 50;

/** What a queue may set (retries, expiry, heartbeat, notify …). */
type QueueOptions = Omit<Queue, 'name'>;

/**
 * Every job gets these unless its definition says otherwise: retries with exponential backoff, and
 * a heartbeat, so a job whose worker died (no heartbeat for 20 s) is retried by the supervisor
 * within about half a minute instead of waiting out the expiry.
 */
export const DEFAULT_JOB_OPTIONS = {
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 20,
  // a new job wakes an idle worker at once (LISTEN/NOTIFY); polling stays as the fallback
  notify: true,
} satisfies QueueOptions;

export interface JobDefinition {
  options?: QueueOptions;
  /** cron expression (UTC) for scheduled jobs */
  cron?: string;
  /** jobs of this kind one process runs at the same time */
  concurrency?: number;
  /**
   * jobs of this kind one group (a job sent with `group: { id }`, e.g. a user's) runs at the same
   * time in one process: a user's 250 jobs take at most this many of its workers, the others' jobs
   * the rest, in every process (issue 39)
   */
  groupConcurrency?: number;
}

/**
 * A job as its handler gets it. `signal` aborts when the job's claim is lost, or when this process
 * stops and the grace for work in flight is over; `stopping` aborts as soon as the process starts
 * to stop (or the claim is lost): start no new step, finish and save the ones in flight (issue 41).
 */
export type RunningJob<P> = Job<P> & { stopping: AbortSignal };
export type JobHandler<P> = (payload: P, job: RunningJob<P>) => Promise<void>;
/** One handler per job name, typed by the registry: a missing handler does not compile. */
export type Handlers<R> = { [K in keyof R]: JobHandler<R[K]> };

export interface QueueSettings {
  /** how often an idle worker looks for jobs */
  pollingIntervalSeconds: number;
  /** how often dead jobs (missed heartbeat, expired) are detected */
  superviseIntervalSeconds: number;
  /** PostgreSQL schema for pg-boss's tables */
  schema: string;
  /** run cron schedules from this process */
  schedule: boolean;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  pollingIntervalSeconds: 2,
  superviseIntervalSeconds: 10,
  schema: 'pgboss',
  schedule: true,
};

export class MissingHandlerError extends Error {}

/**
 * Every job the product runs, name → payload. Declared empty here, below the modules, so that the
 * context types its queue without importing them (a module imports the context); jobs/registry.ts
 * fills it in from the modules' jobs files by declaration merging.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by jobs/registry.ts
export interface JobPayloads {}

/** The product's queue, as the context holds it. */
export type AppQueue = JobQueue<JobPayloads>;

/**
 * The one queue: pg-boss on the application's database (the embedded PGlite instance, or its own
 * small pool on PostgreSQL), with a typed registry of job name → payload.
 */
export class JobQueue<R extends { [K in keyof R]: object }> {
  private started = false;
  /** aborted as shutdown() begins: every running handler's `stopping` */
  private readonly stopRequested = new AbortController();
  /** aborted when shutdown()'s grace is over: every running handler's `signal` */
  private readonly stopForced = new AbortController();

  private constructor(
    private readonly boss: PgBoss,
    private readonly definitions: { [K in keyof R]: JobDefinition },
    private readonly settings: QueueSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async open<R extends { [K in keyof R]: object }>(opts: {
    db: Db;
    databaseUrl?: string | undefined;
    definitions: { [K in keyof R]: JobDefinition };
    log: FastifyBaseLogger;
    settings?: Partial<QueueSettings>;
  }): Promise<JobQueue<R>> {
    const settings = { ...DEFAULT_QUEUE_SETTINGS, ...opts.settings };
    const common: ConstructorOptions = {
      schema: settings.schema,
      schedule: settings.schedule,
      superviseIntervalSeconds: settings.superviseIntervalSeconds,
      // missed heartbeats and expiries are checked on the monitor pass: keep it as frequent
      monitorIntervalSeconds: settings.superviseIntervalSeconds,
      persistWarnings: false,
      useListenNotify: true,
    };
    let config: ConstructorOptions;
    if (opts.db.kind === 'pglite') {
      if (!opts.db.pglite) throw new Error('the embedded database does not expose its PGlite instance');
      config = { ...common, db: fromPglite(opts.db.pglite), backend: 'pglite' };
    } else {
      if (!opts.databaseUrl) throw new Error('DATABASE_URL is required for the queue on PostgreSQL');
      config = { ...common, connectionString: opts.databaseUrl, max: 4, application_name: 'subtrans-queue' };
    }
    // a process started during a failover waits for the database instead of exiting
    return retryWhileConnectionLost('the job queue', () => JobQueue.openOnce<R>(opts, settings, config), {
      log: opts.log,
    });
  }

  /** Starts pg-boss and declares the queues; a start that failed half-way leaves nothing running. */
  private static async openOnce<R extends { [K in keyof R]: object }>(
    opts: { definitions: { [K in keyof R]: JobDefinition }; log: FastifyBaseLogger },
    settings: QueueSettings,
    config: ConstructorOptions,
  ): Promise<JobQueue<R>> {
    const boss = new PgBoss(config);
    boss.on('error', (err: unknown) => {
      // pg-pool has dropped the connection, and what used it failed (a job is retried): a line,
      // without the client pg-pool hangs on the error
      if (lostConnection(err)) opts.log.warn({ err: brief(err) }, 'queue: a database connection broke');
      else opts.log.error({ err }, 'queue error');
    });
    boss.on('warning', (w: unknown) => opts.log.warn({ warning: w }, 'queue warning'));
    try {
      await boss.start();
      for (const [name, def] of Object.entries<JobDefinition>(opts.definitions)) {
        const options: QueueOptions = { ...DEFAULT_JOB_OPTIONS, ...def.options };
        // pg-boss only accepts a maximum delay together with backoff
        if (!options.retryBackoff) delete options.retryDelayMax;
        const existing = await boss.getQueue(name);
        if (existing) {
          // a queue's policy is set when it is made: pg-boss refuses to change it
          const { policy, ...changeable } = options;
          if ((policy ?? 'standard') !== existing.policy)
            opts.log.warn({ queue: name, policy: existing.policy, wanted: policy }, 'queue policy kept');
          await boss.updateQueue(name, changeable);
        } else await boss.createQueue(name, options);
        if (def.cron && settings.schedule) await boss.schedule(name, def.cron, {}, { tz: 'UTC' });
      }
    } catch (err) {
      await boss.stop({ graceful: false, close: true }).catch(() => undefined);
      throw err;
    }
    return new JobQueue<R>(boss, opts.definitions, settings, opts.log);
  }

  /** With `tx`, the job is written in that transaction (it exists only if the transaction commits). */
  async send<K extends keyof R & string>(
    name: K,
    payload: R[K],
    options: SendOptions & { tx?: Queryable } = {},
  ): Promise<string | null> {
    const { tx, ...rest } = options;
    try {
      return await this.boss.send(name, payload, tx ? { ...rest, db: inTransaction(tx) } : rest);
    } catch (err) {
      throw asDbError(err);
    }
  }

  /** One job with its state, or null when it no longer exists. */
  async findJob<K extends keyof R & string>(name: K, id: string): Promise<JobWithMetadata<R[K]> | null> {
    try {
      const [job] = await this.boss.findJobs<R[K]>(name, { id });
      return job ?? null;
    } catch (err) {
      throw asDbError(err);
    }
  }

  /**
   * Starts a worker for every job. Refuses to start when any registered job lacks a handler, so a
   * forgotten job fails at start-up, not when its first job waits forever.
   */
  async work(handlers: Handlers<R>): Promise<void> {
    const missing = Object.keys(this.definitions).filter(
      (name) => typeof (handlers as Record<string, unknown>)[name] !== 'function',
    );
    if (missing.length) throw new MissingHandlerError(`no handler for job(s): ${missing.join(', ')}`);
    for (const name of Object.keys(this.definitions) as (keyof R & string)[]) {
      const handler = handlers[name];
      const def = this.definitions[name];
      await this.boss.work<R[typeof name]>(
        name,
        {
          pollingIntervalSeconds: this.settings.pollingIntervalSeconds,
          // retries and delayed jobs send no notification: keep polling at the same pace
          notifyPollingIntervalSeconds: this.settings.pollingIntervalSeconds,
          localConcurrency: def.concurrency ?? 1,
          // counted in this process (pg-boss puts back a job fetched over it): the count pg-boss
          // keeps in the database for all processes lets two workers fetching at once both take one
          ...(def.groupConcurrency ? { localGroupConcurrency: def.groupConcurrency } : {}),
          batchSize: 1,
        },
        async ([job]) => {
          if (!job) return;
          const started = Date.now();
          // the handler stops on its claim being lost (pg-boss) or on this process shutting down
          const signal = AbortSignal.any([job.signal, this.stopForced.signal]);
          const stopping = AbortSignal.any([job.signal, this.stopRequested.signal]);
          try {
            await handler(job.data, { ...job, signal, stopping });
          } catch (err) {
            if (this.stopRequested.signal.aborted && !job.signal.aborted && (await this.putBack(job))) {
              this.log.info(
                { job: name, id: job.id, retry: job.retryCount },
                'job put back for the next start',
              );
              return;
            }
            this.log.warn({ err, job: name, id: job.id, retry: job.retryCount }, 'job failed');
            throw err;
          }
          await this.complete(name, job);
          this.log.debug({ job: name, id: job.id, ms: Date.now() - started }, 'job done');
        },
      );
    }
    this.started = true;
  }

  get working(): boolean {
    return this.started;
  }

  /** The underlying pg-boss, for tests and diagnostics. */
  get raw(): PgBoss {
    return this.boss;
  }

  /** Waits (up to `timeoutMs`) for running jobs to finish, then closes the queue's connections. */
  async stop(timeoutMs = 10_000): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }

  /**
   * Stops this process's work (SIGTERM): no job is taken any more; running handlers are told to
   * stop (`stopping`: they start nothing new, and what is in flight, such as an engine call, may
   * still answer and be saved for `graceMs`), then aborted (`signal`: they save what is done and
   * throw); each stopped job is put back as it was claimed, not failed, so the next start runs it
   * again without using up one of its retries. A handler still running after `timeoutMs` is
   * failed by pg-boss (a retry, as after a crash).
   */
  async shutdown(timeoutMs = 2000, graceMs = 0): Promise<void> {
    // stop the fetch loops first, so no job is claimed between the abort and the stop
    for (const name of Object.keys(this.definitions))
      this.boss
        .offWork(name, { wait: false })
        .catch((err: unknown) => this.log.warn({ err }, 'offWork failed'));
    const reason = new Error('the process is shutting down');
    this.stopRequested.abort(reason);
    const forced = setTimeout(() => this.stopForced.abort(reason), graceMs);
    try {
      await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    } finally {
      clearTimeout(forced);
      this.stopForced.abort(reason);
    }
  }

  /**
   * Records a job whose handler succeeded as completed, fenced to this claim, before pg-boss does.
   * pg-boss sends its completion once and fails the job when that statement's connection breaks:
   * the job would run again although its work is done. A completion changes nothing the second
   * time (it finds the job completed, as pg-boss's own does after this one), so one whose
   * connection broke is sent again; only when that keeps failing is the job retried.
   */
  private async complete(name: string, job: Job<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.boss.complete(name, { id: job.id, retryCount: job.retryCount });
        return;
      } catch (err) {
        if (!isConnectionLost(err) || attempt >= COMPLETE_TRIES) {
          this.log.warn({ err, job: name, id: job.id }, 'job done but its completion failed: retried');
          throw err;
        }
        this.log.info({ err, job: name, id: job.id, attempt }, 'job completion lost its connection');
        await new Promise((r) => setTimeout(r, COMPLETE_RETRY_MS * 2 ** (attempt - 1)));
      }
    }
  }

  /** Puts a job this process claimed back as it was claimed (queue.repository.ts). */
  private async putBack(job: Job<unknown>): Promise<boolean> {
    try {
      return await putJobBack(this.boss.getDb(), this.settings.schema, job);
    } catch (err) {
      this.log.error({ err, id: job.id }, 'could not put the job back');
      return false;
    }
  }
}
