import type { Cue } from './model.js';

/** 10 points per started minute of subtitles (SPEC §9). */
export const POINTS_PER_MINUTE = 10;

/** The subtitles' duration: the last cue's end (0 without cues). */
export function durationMs(cues: readonly Cue[]): number {
  return cues.reduce((max, c) => Math.max(max, c.endMs), 0);
}

/** `ceil(ms / 60000) * 10` points; 0 with no duration. */
export function costOfDuration(ms: number): number {
  return ms > 0 ? Math.ceil(ms / 60_000) * POINTS_PER_MINUTE : 0;
}

/** The cost of subtitles: by their last cue's end. */
export function estimateCost(cues: readonly Cue[]): number {
  return costOfDuration(durationMs(cues));
}

/** Minutes shown to the user: `ceil(seconds / 60)`. */
export function estimatedMinutes(ms: number): number {
  return Math.ceil(Math.ceil(ms / 1000) / 60);
}
