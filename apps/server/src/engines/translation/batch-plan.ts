import { batchSizeWithin, EXTRAS_MAX_BYTES, type Work, type WorkAllowance } from './allowance.js';
import type { TranslateRequest, TranslationEngine } from './engine.js';
import { extrasBytes, fitExtras, type BatchExtras } from './extras-fit.js';
import { batchesOf } from './sentence-groups.js';

/** The largest batch size a task's batches are raised to (the schema's largest setting). */
export const BATCH_SIZE_CEILING = 100;

/** How a run's lines go to the engine (issue 41): its batches, and what each carries. */
export interface BatchPlan {
  batchSize: number;
  /** the batches [from, to), in order */
  batches: [number, number][];
  /** the extras of batch [from, to): as planned (cut to its share), or, for any other, cut to `extrasLimit` */
  extrasOf(from: number, to: number): BatchExtras;
  /** what was held for a planned batch (none for any other) */
  heldFor(from: number, to: number): Work | undefined;
}

export interface PlanInput {
  engine: TranslationEngine;
  /** the line indices the run translates */
  todo: readonly number[];
  batchSize: number;
  /** at most this many batches: the batch size is raised to fit (an engine's own batching wins) */
  maxBatches?: number;
  joinsNext: (i: number) => boolean;
  /** the request of batch [from, to) carrying `extras`, cut at `size` lines a batch */
  requestOf: (from: number, to: number, extras: BatchExtras, size: number) => TranslateRequest;
  extrasFor?: (from: number, to: number) => BatchExtras;
  /** the task's allowance: its batches are held, with their extras cut to fit what is free */
  allowance?: WorkAllowance;
}

/**
 * Cuts the lines into batches, raising the batch size until they are at most `maxBatches`; with an
 * allowance, holds every batch's call and bytes, each batch's extras cut to EXTRAS_MAX_BYTES and,
 * when the whole does not fit what is free, to an equal share of what the batches' lines leave.
 */
export function planBatches(p: PlanInput): BatchPlan {
  const count = (size: number) => batchesOf(p.todo, size, p.joinsNext).length;
  const batchSize =
    p.engine.batching?.batchSize ??
    (p.maxBatches === undefined
      ? p.batchSize
      : batchSizeWithin(p.batchSize, Math.max(p.batchSize, BATCH_SIZE_CEILING), p.maxBatches, count));
  const batches = batchesOf(p.todo, batchSize, p.joinsNext);
  const extrasFor = p.extrasFor ?? (() => ({}));
  let limit = EXTRAS_MAX_BYTES;
  const planned = new Map<number, { to: number; extras: BatchExtras; held: Work }>();
  if (p.allowance) {
    const sizeOf = (req: TranslateRequest) => p.engine.prompt?.translate(req) ?? 0;
    const extras = batches.map(([from, to]) => fitExtras(extrasFor(from, to), limit));
    const sizes = batches.map(([from, to], i) => sizeOf(p.requestOf(from, to, extras[i]!, batchSize)));
    const free = p.allowance.free().bytes;
    if (sizes.reduce((a, b) => a + b, 0) > free) {
      const bare = batches.map(([from, to]) => sizeOf(p.requestOf(from, to, {}, batchSize)));
      // a batch with extras also sends the words that explain them
      const i = extras.findIndex((e) => Object.keys(e).length > 0);
      const overhead = i < 0 ? 0 : sizes[i]! - bare[i]! - extrasBytes(extras[i]!);
      const left = free - bare.reduce((a, b) => a + b, 0);
      limit = Math.max(0, Math.min(limit, Math.floor(left / batches.length) - overhead));
      batches.forEach(([from, to], k) => {
        const fitted = fitExtras(extras[k]!, limit);
        extras[k] = fitted;
        sizes[k] = sizeOf(p.requestOf(from, to, fitted, batchSize));
      });
    }
    batches.forEach(([from, to], k) =>
      planned.set(from, { to, extras: extras[k]!, held: { calls: 1, bytes: sizes[k]! } }),
    );
    p.allowance.hold({ calls: batches.length, bytes: sizes.reduce((a, b) => a + b, 0) });
  }
  const plannedAt = (from: number, to: number) => {
    const entry = planned.get(from);
    return entry?.to === to ? entry : undefined;
  };
  return {
    batchSize,
    batches,
    extrasOf: (from, to) => plannedAt(from, to)?.extras ?? fitExtras(extrasFor(from, to), limit),
    heldFor: (from, to) => plannedAt(from, to)?.held,
  };
}
