import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../context.js';
import { ConfigError } from '../config/env.js';
import { storageIdentity } from '../providers/storage/storage-identity.js';
import {
  compareWithSiblings,
  GONE_AFTER_SECONDS,
  HEARTBEAT_SECONDS,
  refusalMessage,
  secretFingerprint,
  type ProcessRecord,
  type ProcessRole,
} from './agreement.js';
import {
  liveProcesses,
  lockJoins,
  removeGoneProcesses,
  removeProcess,
  saveProcess,
} from './processes.repository.js';

export interface Membership {
  readonly record: ProcessRecord;
  /** what runs but is likely not meant (already logged): the server's banner repeats them */
  readonly warnings: string[];
  /** stops the heartbeat and removes the record: at a clean stop, before the database closes */
  leave(): Promise<void>;
}

/** What this process must agree on with the others, as the context built it. */
export function describeSelf(ctx: Pick<AppContext, 'env' | 'secret'>, role: ProcessRole): ProcessRecord {
  return {
    id: randomUUID(),
    role,
    runsJobs: role === 'worker' || ctx.env.WORKERS === 'inline',
    host: hostname(),
    pid: process.pid,
    storage: storageIdentity(ctx.env),
    secretFingerprint: secretFingerprint(ctx.secret),
    secretSource: ctx.env.APP_SECRET ? 'env' : 'generated',
  };
}

/**
 * Records this process among the live ones on its database, or refuses (ConfigError, printed as
 * an invalid environment is) when it disagrees with one of them on what must be shared: storage
 * or secret. Disagreements that are safe to run with are logged as warnings. The check and the
 * record are one transaction under a lock, so of two processes started together that disagree,
 * the second is refused. On PGlite (one process per database) every older record is a gone
 * process: it is replaced and nothing is compared, nor renewed.
 */
export async function joinSiblings(
  ctx: Pick<AppContext, 'env' | 'secret' | 'db' | 'log'>,
  role: ProcessRole,
  opts: { heartbeatMs?: number } = {},
): Promise<Membership> {
  const self = describeSelf(ctx, role);
  const embedded = ctx.db.kind === 'pglite';
  const verdict = await ctx.db.tx(async (q) => {
    await lockJoins(q);
    await removeGoneProcesses(q, self.id, embedded ? 'all' : GONE_AFTER_SECONDS);
    const found = compareWithSiblings(
      self,
      embedded ? [] : await liveProcesses(q, self.id, GONE_AFTER_SECONDS),
    );
    if (!found.refusals.length) await saveProcess(q, self);
    return found;
  });
  if (verdict.refusals.length) throw new ConfigError(refusalMessage(role, verdict.refusals));
  for (const warning of verdict.warnings) ctx.log.warn(`Processes disagree: ${warning}`);

  let timer: ReturnType<typeof setInterval> | null = null;
  let beating: Promise<void> = Promise.resolve();
  let failing = false;
  if (!embedded) {
    timer = setInterval(
      () => {
        beating = saveProcess(ctx.db, self).then(
          () => {
            if (failing) ctx.log.info('process heartbeat recorded again');
            failing = false;
          },
          (err: unknown) => {
            // the database is away: the next beat tries again; others may count this process gone
            if (!failing) ctx.log.warn({ err }, 'process heartbeat failed');
            failing = true;
          },
        );
      },
      opts.heartbeatMs ?? HEARTBEAT_SECONDS * 1000,
    );
    timer.unref();
  }
  return {
    record: self,
    warnings: verdict.warnings,
    async leave() {
      if (timer) clearInterval(timer);
      timer = null;
      // a beat in flight would bring the record back after its removal
      await beating;
      await removeProcess(ctx.db, self.id);
    },
  };
}
