/**
 * TTML's time expressions (TTML1 §10.3.1, TTML2 §10.3.1) in milliseconds, with the rates the root
 * element's `ttp:` parameters give.
 */

export interface TtmlRates {
  /** effective frames a second: ttp:frameRate × ttp:frameRateMultiplier */
  frameRate: number;
  subFrameRate: number;
  tickRate: number;
}

/**
 * The tick rate of a file that counts ticks without saying their rate nor a frame rate. TTML says
 * 1 tick a second then, which no file that writes ticks means (it would write seconds); the files
 * seen counting ticks without ttp:tickRate are the 10 MHz ones of Microsoft's and Netflix's tools.
 */
export const TTML_UNDECLARED_TICK_RATE = 10_000_000;
/** TTML's default frame rate */
const DEFAULT_FRAME_RATE = 30;

const positive = (v: string | undefined): number | null => {
  const n = v === undefined ? NaN : Number(v.trim());
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * The rates of a document from its root's parameters (local names, lowercased): frameRate (30 when
 * absent) × frameRateMultiplier (`1000 1001`), subFrameRate (1), tickRate. An absent tickRate is,
 * as TTML has it, the effective frame rate × subFrameRate when the frame rate is declared; when it
 * is not, TTML_UNDECLARED_TICK_RATE rather than TTML's 1 (see there).
 */
export function ttmlRates(param: (name: string) => string | undefined): TtmlRates {
  const declaredFrameRate = positive(param('framerate'));
  let frameRate = declaredFrameRate ?? DEFAULT_FRAME_RATE;
  const multiplier = /^\s*(\d+)\s+(\d+)\s*$/.exec(param('frameratemultiplier') ?? '');
  if (multiplier && Number(multiplier[1]) > 0 && Number(multiplier[2]) > 0) {
    frameRate = (frameRate * Number(multiplier[1])) / Number(multiplier[2]);
  }
  const subFrameRate = positive(param('subframerate')) ?? 1;
  const tickRate =
    positive(param('tickrate')) ??
    (declaredFrameRate !== null ? frameRate * subFrameRate : TTML_UNDECLARED_TICK_RATE);
  return { frameRate, subFrameRate, tickRate };
}

/** `HH:MM:SS`, `HH:MM:SS.fff` (any digits), `HH:MM:SS:FF` and `HH:MM:SS:FF.s` (frames, sub-frames) */
const CLOCK = /^(\d+):(\d{1,2}):(\d{1,2})(?:[.,](\d+)|:(\d+)(?:\.(\d+))?)?$/;
/** `12.5s`, `1500ms`, `2h`, `3m`, `25f`, `30000000t` */
const OFFSET = /^(\d+(?:\.\d+)?|\.\d+)(h|ms|m|s|f|t)$/;

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/**
 * A time expression in milliseconds (not rounded: an offset adds to it first); null when the value
 * is not one. Clock times take hours of one digit or more and minutes and seconds below 60, as
 * files written by hand have them.
 */
export function parseTtmlTime(value: string, rates: TtmlRates): number | null {
  const v = value.trim();
  const clock = CLOCK.exec(v);
  if (clock) {
    const [, h, m, s, fraction, frames, subFrames] = clock;
    if (Number(m) > 59 || Number(s) > 59) return null;
    let ms = ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000;
    if (fraction !== undefined) ms += Number(`0.${fraction}`) * 1000;
    if (frames !== undefined) {
      const sub = subFrames === undefined ? 0 : Number(subFrames) / rates.subFrameRate;
      ms += ((Number(frames) + sub) * 1000) / rates.frameRate;
    }
    return ms;
  }
  const offset = OFFSET.exec(v);
  if (!offset) return null;
  const n = Number(offset[1]);
  const unit = offset[2]!;
  if (unit === 'f') return (n * 1000) / rates.frameRate;
  if (unit === 't') return (n * 1000) / rates.tickRate;
  return n * UNIT_MS[unit]!;
}
