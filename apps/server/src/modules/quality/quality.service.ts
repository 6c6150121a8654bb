import type { QualityLimits, QualityOverrides } from '@subtrans/contract';
import { baseNorms, NORM_BOUNDS, normsFor, parseNormOverrides, type Norms } from '@subtrans/subtitles';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { ValidationError, type InputIssue } from '../../http/errors.js';
import { findOverrides, saveOverrides } from './quality.repository.js';

const BOUNDS = Object.fromEntries(
  Object.entries(NORM_BOUNDS).map(([k, b]) => [k, { min: b.min, max: b.max, integer: Boolean(b.integer) }]),
);

/** The norms translation and flags use for this user and target language. */
export async function userNorms(q: Queryable, userId: number, target: string): Promise<Norms> {
  return normsFor(target, await findOverrides(q, userId, target));
}

function limitsOf(target: string, stored: unknown): QualityLimits {
  return {
    target,
    norms: normsFor(target, stored),
    defaults: { ...baseNorms(target) },
    overrides: parseNormOverrides(stored),
    bounds: BOUNDS,
  };
}

/** /quality/get */
export async function getQualityLimits(
  ctx: AppContext,
  userId: number,
  target: string,
): Promise<QualityLimits> {
  return limitsOf(target, await findOverrides(ctx.db, userId, target));
}

/**
 * Every given override within NORM_BOUNDS (a whole number where the bound says so), and a minimum
 * duration below the maximum, or the request is refused naming the field: nothing out of bounds is
 * stored, and a forged value is not silently dropped either (the page would show it as saved).
 */
function checkOverrides(target: string, overrides: QualityOverrides): Record<string, number> {
  const issues: InputIssue[] = [];
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const bound = NORM_BOUNDS[key as keyof typeof NORM_BOUNDS];
    const path = ['overrides', key];
    if (!bound) continue;
    if (bound.integer && !Number.isInteger(value))
      issues.push({ path, problem: { kind: 'type', expected: 'integer' } });
    else if (value < bound.min)
      issues.push({ path, problem: { kind: 'too_small', min: bound.min, inclusive: true } });
    else if (value > bound.max)
      issues.push({ path, problem: { kind: 'too_big', max: bound.max, inclusive: true } });
    else out[key] = value;
  }
  if (issues.length) throw new ValidationError(issues);
  // parseNormOverrides is what reads them back: it must keep all of them
  const parsed = parseNormOverrides(out);
  const merged = { ...baseNorms(target), ...parsed };
  if (merged.minDurationMs >= merged.maxDurationMs)
    throw new ValidationError([
      {
        path: ['overrides', 'minDurationMs'],
        problem: { kind: 'too_big', max: merged.maxDurationMs, inclusive: false },
      },
    ]);
  return parsed;
}

/** /quality/save: the overrides replace the stored ones; null (or none) resets to the defaults. */
export async function saveQualityLimits(
  ctx: AppContext,
  userId: number,
  input: { target: string; overrides: QualityOverrides | null },
): Promise<QualityLimits> {
  const overrides = checkOverrides(input.target, input.overrides ?? {});
  await saveOverrides(ctx.db, userId, input.target, overrides);
  return limitsOf(input.target, overrides);
}
