/** The limits a re-cut follows, and the defaults (Netflix's timed-text norms). */

/** A word with its time, as the engine gives it (Whisper: " Hello", " world," / "你", "好"). */
export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
}

/** A segment of the transcript; without words its text is spread over its time span. */
export interface TimedSegment {
  startMs: number;
  endMs: number;
  text: string;
  words?: TimedWord[];
}

export interface RecutRules {
  maxLineWidth: number;
  maxLines: number;
  maxCps: number;
  minDurationMs: number;
  maxDurationMs: number;
  /** shortest gap kept between two cues */
  minGapMs: number;
}

export const RECUT_DEFAULTS: RecutRules = {
  maxLineWidth: 42,
  maxLines: 2,
  maxCps: 17,
  minDurationMs: 833,
  maxDurationMs: 7000,
  minGapMs: 83,
};

/** A pause between two words at least this long is a cut point. */
export const PAUSE_MS = 400;
/** A silence at least this long always ends the cue: a subtitle is not left up over it. */
export const SILENCE_MS = 1500;

export const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The rules with defaults for what is missing; nonsense limits (0, NaN) fall back too. */
export function settle(rules: Partial<RecutRules>): RecutRules {
  const r = { ...RECUT_DEFAULTS };
  for (const key of Object.keys(RECUT_DEFAULTS) as (keyof RecutRules)[]) {
    const v = rules[key];
    if (finite(v) && (v > 0 || (v === 0 && (key === 'minGapMs' || key === 'minDurationMs')))) r[key] = v;
  }
  r.maxLines = Math.max(1, Math.floor(r.maxLines));
  r.maxDurationMs = Math.max(1, r.maxDurationMs);
  return r;
}
