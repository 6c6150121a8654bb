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
  private readonly refills = new Map<number, Promise<Lease>>();
  private readonly leaseSize: number;

  constructor(private readonly rule: RateLimitRule) {
    // a twentieth of the limit, at most 20: a few calls wasted per process and window
    this.leaseSize = Math.max(1, Math.min(20, Math.floor(rule.limit / 20)));
  }

  /** Counts one call of the key: null when it may go ahead, else the seconds until it may. */
  async take(q: Queryable, keyId: number): Promise<number | null> {
    // a lease spent by the calls that waited for it with this one: ask again (a few times at most,
    // then this call takes the database's answer for itself)
    for (let round = 0; round < 4; round++) {
      const now = Date.now();
      const lease = this.leases.get(keyId);
      if (lease && now < lease.endsAtMs) {
        if (lease.left > 0) {
          lease.left -= 1;
          return null;
        }
        if (lease.last) return Math.max(1, Math.ceil((lease.endsAtMs - now) / 1000));
      }
      // one refill at a time per key: calls arriving meanwhile wait for it instead of each taking
      // (and, but for the last, wasting) a lease of their own
      let refill = this.refills.get(keyId);
      if (!refill) {
        refill = this.refill(q, keyId).finally(() => this.refills.delete(keyId));
        this.refills.set(keyId, refill);
      }
      await refill;
    }
    const lease = await this.refill(q, keyId);
    if (lease.left > 0) {
      lease.left -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((lease.endsAtMs - Date.now()) / 1000));
  }

  /** Takes a lease from the shared counter: what the window has left, up to a lease's size. */
  private async refill(q: Queryable, keyId: number): Promise<Lease> {
    const asked = this.leaseSize;
    const { hits, windowLeftMs } = await countHits(q, `api-key:${keyId}`, this.rule.windowSeconds, asked);
    const granted = Math.max(0, Math.min(asked, this.rule.limit - (hits - asked)));
    const lease = { left: granted, last: granted < asked, endsAtMs: Date.now() + windowLeftMs };
    this.keep(keyId, lease);
    return lease;
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
