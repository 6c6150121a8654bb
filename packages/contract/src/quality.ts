import { z } from 'zod';
import { REVIEW_FLAGS, type ReviewFlag } from '@subtrans/subtitles/review-flag-names';
import { SUBTITLE_LANGUAGES } from './languages.js';
import { INPUT_RULES } from './input.js';

/**
 * Subtitle quality: the reading norms per target language (packages/subtitles' norms.ts holds the
 * defaults, their sources and the bounds of an override) and the flags of lines to review.
 */

/**
 * The flags a translated line may carry, as packages/subtitles names them: its review-flag-names.ts
 * is the one list, and imports nothing, so the checks do not come along. Stable names: stored with
 * each segment, never renamed or reused.
 */
export const REVIEW_FLAG_NAMES = REVIEW_FLAGS;
export type ReviewFlagName = ReviewFlag;

export const reviewFlagsSchema = z.array(z.enum(REVIEW_FLAG_NAMES));

/** How a character counts against the norms (norms.ts: 'fullwidth' counts half-width as 0.5). */
export const COUNTINGS = ['chars', 'fullwidth', 'width'] as const;

/** A target language of the norms: a subtitle language, not 'auto'. */
export const normTargetField = z
  .enum(SUBTITLE_LANGUAGES)
  .refine((l) => l !== 'auto', INPUT_RULES.targetNotAuto);

export const normsSchema = z.object({
  /** characters per line, in `counting` */
  cpl: z.number(),
  /** lines per subtitle */
  lines: z.number().int(),
  /** characters per second of display, in `counting` */
  cps: z.number(),
  minDurationMs: z.number().int(),
  maxDurationMs: z.number().int(),
  counting: z.enum(COUNTINGS),
});
export type QualityNorms = z.infer<typeof normsSchema>;

/**
 * What a user may change (the counting belongs to the language). The bounds are the server's
 * (NORM_BOUNDS): a value outside them is refused naming the field, not stored.
 */
export const normOverridesSchema = z
  .object({
    cpl: z.number(),
    lines: z.number(),
    cps: z.number(),
    minDurationMs: z.number(),
    maxDurationMs: z.number(),
  })
  .partial();
export type QualityOverrides = z.infer<typeof normOverridesSchema>;

/** /quality/get */
export const qualityGetBody = z.object({ target: normTargetField });

/** /quality/save: `overrides: null` (or {}) resets the language to its defaults */
export const qualitySaveBody = z.object({
  target: normTargetField,
  overrides: normOverridesSchema.nullable(),
});

/** /quality/get and /quality/save: one target language's limits for the caller */
export const qualityLimitsSchema = z.object({
  target: z.string(),
  /** the defaults with the user's overrides merged in: what translation and flags use */
  norms: normsSchema,
  /** the language's defaults */
  defaults: normsSchema,
  /** what the user changed (only the fields they set) */
  overrides: normOverridesSchema,
  /** the bounds an override must stay within, per field */
  bounds: z.record(z.string(), z.object({ min: z.number(), max: z.number(), integer: z.boolean() })),
});
export type QualityLimits = z.infer<typeof qualityLimitsSchema>;

/**
 * Task option: keep the engine's own line breaks instead of laying each translated line out for
 * the target language (multipart text or a boolean).
 */
export const keepEngineBreaksField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .default(false);
