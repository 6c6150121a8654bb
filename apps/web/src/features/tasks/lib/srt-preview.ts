import { LIMITS } from '@subtrans/contract';
import {
  decodeSubtitleBytes,
  detectLanguage,
  durationMs,
  estimateCost,
  estimatedMinutes,
  parseSrt,
  SubtitleParseError,
} from '@subtrans/subtitles';

/** What the upload modal shows before submit: the file's cues, language and cost. */
export interface SrtPreview {
  cues: number;
  detectedLanguage: string;
  /** SPEC §8: detection failed (or too little text) → zh-CN with a warning */
  detectionUncertain: boolean;
  durationMs: number;
  minutes: number;
  cost: number;
}

/** SPEC §5 SRT upload rules, each with its own message key. */
export type SrtRejection = 'notSrt' | 'tooLarge' | 'invalid';

export type SrtCheck = { ok: true; preview: SrtPreview } | { ok: false; reason: SrtRejection };

/** Checks the name and size first (cheap), then parses the bytes exactly as the server will. */
export function checkSrtName(name: string, size: number): SrtRejection | null {
  if (!/\.srt$/i.test(name)) return 'notSrt';
  if (size > LIMITS.srtMaxBytes) return 'tooLarge';
  return null;
}

export function previewSrt(name: string, bytes: Uint8Array): SrtCheck {
  const early = checkSrtName(name, bytes.byteLength);
  if (early) return { ok: false, reason: early };
  let cues;
  try {
    cues = parseSrt(decodeSubtitleBytes(bytes).text);
  } catch (e) {
    if (e instanceof SubtitleParseError) return { ok: false, reason: 'invalid' };
    throw e;
  }
  const detected = detectLanguage(cues.map((c) => c.text));
  const ms = durationMs(cues);
  return {
    ok: true,
    preview: {
      cues: cues.length,
      detectedLanguage: detected.language,
      detectionUncertain: detected.method === 'fallback',
      durationMs: ms,
      minutes: estimatedMinutes(ms),
      cost: estimateCost(cues),
    },
  };
}
