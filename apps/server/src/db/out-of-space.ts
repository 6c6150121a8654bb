import type { FastifyBaseLogger } from 'fastify';

/**
 * A full disk. Local storage's writes fail with ENOSPC (EDQUOT past a quota); PostgreSQL and PGlite
 * (whose files are under DATA_DIR) refuse a statement that needs a new page with SQLSTATE 53100
 * (disk_full), and roll its transaction back. Neither corrupts anything: each request that needs
 * space is answered OUT_OF_STORAGE (507) in the caller's language, the others are served, and the
 * operator is told once (not per request) until a write of the same kind succeeds again.
 */
export type SpaceOwner = 'disk' | 'database';

const DISK_CODES = new Set(['ENOSPC', 'EDQUOT']);
const DISK_FULL_SQLSTATE = '53100';

/** Which store ran out of space for `err` (looked for along its causes), or null. */
export function outOfSpace(err: unknown): SpaceOwner | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_CODES.has(code)) return 'disk';
    if (code === DISK_FULL_SQLSTATE) return 'database';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

const WHAT: Record<SpaceOwner, string> = {
  disk: 'the disk of the stored files (DATA_DIR/objects)',
  database: 'the database’s disk (DATA_DIR for the embedded database, else the PostgreSQL server’s)',
};

/** The operator's alert for a full disk: logged when space runs out, again only once it was back. */
export class SpaceAlarm {
  private readonly raised = new Map<SpaceOwner, string>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** `where`: what could not write (a call's method and route, or a storage operation) */
  raise(owner: SpaceOwner, err: unknown, where: string): void {
    const code = (err as { code?: unknown } | null)?.code;
    if (this.raised.has(owner)) {
      this.log.debug({ owner, where, code }, 'a write was refused: still out of storage space');
      return;
    }
    this.raised.set(owner, where);
    this.log.error(
      { alert: 'out-of-storage', owner, where, code, err },
      `OUT OF STORAGE SPACE: ${WHAT[owner]} is full. Writes that need space are refused (507) and nothing is half-written; free space or grow the disk. Logged once until a write succeeds again.`,
    );
  }

  /** A write of `owner` succeeded: space is back (the next shortage is alerted again). */
  clear(owner: SpaceOwner): void {
    const where = this.raised.get(owner);
    if (where === undefined) return;
    this.raised.delete(owner);
    this.log.warn(
      { alert: 'out-of-storage-over', owner, where },
      `storage space is back: ${WHAT[owner]} takes writes again`,
    );
  }

  /** what first ran out of space, while it has not written again; undefined otherwise */
  raisedAt(owner: SpaceOwner): string | undefined {
    return this.raised.get(owner);
  }
}

/**
 * `target` with its write operations watched: a write that fails for space raises the alarm (and
 * fails as it did); one that succeeds clears it. Jobs write through it too, so a full disk met by a
 * job alerts the operator as one met by a request does.
 */
export function watchSpace<T extends object>(target: T, writes: readonly string[], alarm: SpaceAlarm): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver) as unknown;
      if (typeof prop !== 'string' || !writes.includes(prop) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          const result: unknown = await (value as (...a: unknown[]) => unknown).apply(obj, args);
          alarm.clear('disk');
          return result;
        } catch (err) {
          if (outOfSpace(err) === 'disk') alarm.raise('disk', err, `storage.${prop}`);
          throw err;
        }
      };
    },
  });
}
