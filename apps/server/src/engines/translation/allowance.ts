/**
 * Issue 41: the engine work a task's price buys. A normal task (a 20-minute film at the default
 * batch size, its brief, condensing and terms pass) takes about 0.35 engine calls and 1,500 bytes
 * of prompt a point (npm run bench, amplification); a task may take at most about twice that,
 * whatever its cues, its batch size, its glossaries, its brief or its failing lines:
 * - its own batches are planned to fit (at most one per BATCHES_PER_POINT: the batch size is
 *   raised), and are held up front, with what each carries besides its lines cut to its share;
 * - the brief's parts go (they read the film once);
 * - any other call (condensing, the terms pass, a wrong answer asked again, a halved batch) goes
 *   only while what is left, less what is held, covers it; a batch of several lines that comes
 *   back wrong is halved at once (its halves held first) rather than asked again whole. Past
 *   that, lines stay as they are (over their budget, lacking a term: flagged), and a batch that
 *   keeps coming back wrong keeps its lines' original text.
 * An engine's own failures (HTTP errors, 429) asked again are spent whatever is left: they are
 * the provider's, and a task whose engine keeps failing fails.
 */

/** engine calls a point buys */
export const CALLS_PER_POINT = 0.65;
/** prompt bytes a point buys (UTF-8, every message of every call) */
export const PROMPT_BYTES_PER_POINT = 2800;
/** a task's own batches: at most this many per point (its batch size is raised to fit) */
export const BATCHES_PER_POINT = 0.5;
/**
 * what one batch may carry besides its lines (terms, the brief's part, the user's instructions),
 * in prompt bytes: a long brief synopsis, the longest note and a few dozen terms fit
 */
export const EXTRAS_MAX_BYTES = 12_000;

export interface Work {
  calls: number;
  bytes: number;
}

const NONE: Work = { calls: 0, bytes: 0 };

/** A call refused because the task's allowance is spent. */
export class AllowanceSpent extends Error {
  constructor() {
    super("the task's engine allowance is spent");
    this.name = 'AllowanceSpent';
  }
}

export class WorkAllowance {
  private spent: Work = { ...NONE };
  private held: Work = { ...NONE };

  constructor(readonly limit: Work) {}

  /** What `points` buy, less what this start of the task took already (`taken`). */
  static forPoints(points: number, taken: Work = NONE): WorkAllowance {
    const a = new WorkAllowance({
      calls: Math.floor(points * CALLS_PER_POINT),
      bytes: Math.floor(points * PROMPT_BYTES_PER_POINT),
    });
    a.spent = { ...taken };
    return a;
  }

  /** What is left for calls not held: the limit, less what was spent and what is held. */
  free(): Work {
    return {
      calls: this.limit.calls - this.spent.calls - this.held.calls,
      bytes: this.limit.bytes - this.spent.bytes - this.held.bytes,
    };
  }

  /** What was spent so far (with what the start took before this allowance was made). */
  used(): Work {
    return { ...this.spent };
  }

  /** Holds planned work (a task's own batches), so that no other call takes it. */
  hold(work: Work): void {
    this.held.calls += work.calls;
    this.held.bytes += work.bytes;
  }

  /** Gives back what was held and will not be sent (a run that stopped). */
  unhold(work: Work): void {
    this.held.calls = Math.max(0, this.held.calls - work.calls);
    this.held.bytes = Math.max(0, this.held.bytes - work.bytes);
  }

  /** A call that goes whatever is left: a planned one (`held` was held for it), or an engine's failure asked again. */
  spend(bytes: number, held: Work = NONE): void {
    this.unhold(held);
    this.spent.calls += 1;
    this.spent.bytes += bytes;
  }

  /** Holds `work` when what is free covers it (true), else holds nothing (false). */
  reserve(work: Work): boolean {
    const free = this.free();
    if (free.calls < work.calls || free.bytes < work.bytes) return false;
    this.hold(work);
    return true;
  }

  /** A call of other work: spent, and true, when what is free covers it; else false. */
  take(bytes: number): boolean {
    const free = this.free();
    if (free.calls < 1 || free.bytes < bytes) return false;
    this.spend(bytes);
    return true;
  }
}

/**
 * Work that is not a task's (the editor's re-translation, the direct /translation/* calls): its
 * `batches` and at most as many calls again for anything else (condensing, asking again, halving).
 * Bytes are bounded per call (the lines' caps, EXTRAS_MAX_BYTES), not counted.
 */
export const allowanceForBatches = (batches: number) =>
  new WorkAllowance({ calls: 2 * batches, bytes: Number.MAX_SAFE_INTEGER });

/** The batches per point (BATCHES_PER_POINT) a task of `points` may make, at least one. */
export const batchesFor = (points: number) => Math.max(1, Math.floor(points * BATCHES_PER_POINT));

/**
 * The smallest batch size from `wanted` up to `most` that cuts the lines into at most `allowed`
 * batches (`count(size)`: how many batches a size makes; it never grows with the size), or `most`
 * when none does.
 */
export function batchSizeWithin(
  wanted: number,
  most: number,
  allowed: number,
  count: (size: number) => number,
): number {
  if (wanted >= most || count(wanted) <= allowed) return Math.min(wanted, most);
  let low = wanted; // makes too many
  let high = most;
  if (count(high) > allowed) return most;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (count(mid) <= allowed) high = mid;
    else low = mid;
  }
  return high;
}
