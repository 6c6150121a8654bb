import type { Queryable } from '../../db/client.js';
import type { RateLimitRule } from '../../context.js';
import { countHits } from './rate-limit.repository.js';

interface Lease {
  /** calls this process may still make in the window without asking the database */
  left: number;
  /** the database granted less than asked, or nothing: the window's limit is reached */
  last: boolean;
  endsAtMs: number;
}

/** Leases kept at most: past it, those of ended windows are dropped (then the oldest). */
const MAX_LEASES = 10_000;

/**
 * Issue 39: every process shares an API key's per-minute limit through the database's counter
 * (rate_limits), but counting each call there would cost every call a write. A process takes a
 * lease of several calls at once instead, and spends it in memory. The limit is never passed:
 * a lease is counted in full when it is taken, so a call may be refused a little early when
 * another process holds unspent calls of the same window, never let through late.
 */
export class KeyCallLimiter {
  private readonly leases = new Map<number, Lease>();
  private readonly leaseSize: number;

  constructor(private readonly rule: RateLimitRule) {
    // a twentieth of the limit, at most 20: a few calls wasted per process and window
    this.leaseSize = Math.max(1, Math.min(20, Math.floor(rule.limit / 20)));
  }

  /** Counts one call of the key: null when it may go ahead, else the seconds until it may. */
  async take(q: Queryable, keyId: number, now = Date.now()): Promise<number | null> {
    const lease = this.leases.get(keyId);
    if (lease && now < lease.endsAtMs) {
      if (lease.left > 0) {
        lease.left -= 1;
        return null;
      }
      if (lease.last) return Math.max(1, Math.ceil((lease.endsAtMs - now) / 1000));
    }
    const asked = this.leaseSize;
    const { hits, windowLeftMs } = await countHits(q, `api-key:${keyId}`, this.rule.windowSeconds, asked);
    const granted = Math.max(0, Math.min(asked, this.rule.limit - (hits - asked)));
    this.keep(keyId, {
      left: Math.max(0, granted - 1),
      last: granted < asked,
      endsAtMs: now + windowLeftMs,
    });
    return granted > 0 ? null : Math.max(1, Math.ceil(windowLeftMs / 1000));
  }

  /** Forgets what this process holds of a key (revoked). */
  forget(keyId: number): void {
    this.leases.delete(keyId);
  }

  private keep(keyId: number, lease: Lease) {
    this.leases.delete(keyId);
    if (this.leases.size >= MAX_LEASES) {
      const now = Date.now();
      for (const [id, l] of this.leases) if (l.endsAtMs <= now) this.leases.delete(id);
      if (this.leases.size >= MAX_LEASES) this.leases.delete(this.leases.keys().next().value as number);
    }
    this.leases.set(keyId, lease);
  }
}
