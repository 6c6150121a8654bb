import { POINTS_PER_MINUTE, taskPrice } from './cost.js';
import { partPoints } from './parts.js';

const MINUTE_MS = 60_000;

/**
 * A stretch of an audio/video file transcribed and translated together (issue 34): from startMs
 * (where the parts before it stopped) to endMs (a whole minute, or the file's end), for `points`.
 */
export interface MediaPartPlan {
  startMs: number;
  endMs: number;
  points: number;
}

/** What transcribing a whole file costs: 10 points per started minute, at least 10. */
export const mediaPrice = (durationMs: number): number => taskPrice({ durationMs }).points;

/**
 * Issue 34 for audio/video: a part is priced as the file's first minutes through its end would be
 * at once, less what the earlier parts were charged (so the parts together cost the whole file's
 * price). The stretch after `doneMs` that `budget` pays for: the rest of the file when it covers
 * it, else up to the last whole minute it covers, or null when that does not reach past `doneMs`
 * (not even one more minute is paid for). The budget is the server's balance (or less), never a
 * client's count of minutes.
 */
export function planMediaPart(
  durationMs: number,
  doneMs: number,
  charged: number,
  budget: number,
): MediaPartPlan | null {
  const rest = partPoints(mediaPrice(durationMs), charged);
  if (rest <= budget) return { startMs: doneMs, endMs: durationMs, points: rest };
  const minutes = Math.floor((charged + budget) / POINTS_PER_MINUTE);
  const endMs = minutes * MINUTE_MS;
  if (endMs <= doneMs || endMs >= durationMs) return null;
  const points = partPoints(minutes * POINTS_PER_MINUTE, charged);
  return points <= budget ? { startMs: doneMs, endMs, points } : null;
}

/** The least a next part costs (the minute after `doneMs`, or the rest when less): what a balance must reach. */
export function nextMinutePoints(durationMs: number, doneMs: number, charged: number): number {
  const minutes = Math.floor(doneMs / MINUTE_MS) + 1;
  const rest = partPoints(mediaPrice(durationMs), charged);
  return Math.min(rest, partPoints(minutes * POINTS_PER_MINUTE, charged));
}

/**
 * A cue ending this close to a stretch's cut may be speech cut mid-word: it is left to the next
 * part, which transcribes it again whole (dropping a complete cue costs only that).
 */
export const CUT_MARGIN_MS = 1000;

/**
 * Where a part's transcript stops: its cues (absolute times) that end inside the stretch, and
 * where the next part starts (the end of the last kept cue). A stretch that reaches the file's end
 * keeps every cue and leaves nothing (next: null). A last cue reaching the cut is dropped, unless
 * it is the only one: then it is kept so that every part moves on. A stretch without speech moves
 * on to its end.
 */
export function cutAtCue<C extends { startMs: number; endMs: number }>(
  cues: readonly C[],
  stretch: { startMs: number; endMs: number; last: boolean },
): { cues: C[]; next: number | null } {
  if (stretch.last) return { cues: [...cues], next: null };
  if (cues.length === 0) return { cues: [], next: stretch.endMs };
  const cutOff = cues.at(-1)!.endMs >= stretch.endMs - CUT_MARGIN_MS && cues.length > 1;
  const kept = cutOff ? cues.slice(0, -1) : [...cues];
  const next = Math.min(stretch.endMs, Math.max(stretch.startMs + 1, kept.at(-1)!.endMs));
  return { cues: kept, next };
}
