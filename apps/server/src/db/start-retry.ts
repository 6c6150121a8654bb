import { isConnectionLost } from './connection-loss.js';

/** How long a starting process keeps trying while its database drops connections (a failover). */
export const START_RETRY_MS = 60_000;
const FIRST_PAUSE_MS = 200;
const LONGEST_PAUSE_MS = 4_000;

/**
 * Runs one start-up step again while it fails because its database connection broke (a failover,
 * a restart, pg_terminate_backend), with growing pauses, until `deadlineMs` has passed; any other
 * error, or the loss after the deadline, is thrown. The step must be safe to run again: each
 * caller's step either ran in a transaction that did not commit, or does nothing twice.
 * Without it, a process started during a failover exits and waits for its supervisor.
 */
export async function retryWhileConnectionLost<T>(
  what: string,
  step: () => Promise<T>,
  opts: {
    log?: { warn(obj: object, msg: string): void };
    deadlineMs?: number;
    firstPauseMs?: number;
  } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.deadlineMs ?? START_RETRY_MS);
  let pause = opts.firstPauseMs ?? FIRST_PAUSE_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (err) {
      if (!isConnectionLost(err) || Date.now() + pause > deadline) throw err;
      opts.log?.warn(
        { attempt, retryInMs: pause, err: err instanceof Error ? err.message : String(err) },
        `start-up: ${what} lost its database connection; trying again`,
      );
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }
}
