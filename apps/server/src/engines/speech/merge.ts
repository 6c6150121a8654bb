import type { TimedSegment, TimedWord, Transcript } from './engine.js';

export interface TranscribedChunk {
  /** where the chunk starts in the whole audio */
  offsetMs: number;
  /** where it ends (exclusive) in the whole audio */
  endMs: number;
  /** times relative to the start of the chunk */
  transcript: Transcript;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Words clamped into [startMs, endMs] of their segment, in order, each starting no earlier than the
 * previous one ended. A word with time that has none left is dropped; a zero-length word is kept
 * when it lies inside.
 */
function fitWords(words: TimedWord[], shift: number, startMs: number, endMs: number): TimedWord[] {
  const out: TimedWord[] = [];
  const sorted = words
    .map((w) => ({ text: w.text.trim(), startMs: w.startMs + shift, endMs: w.endMs + shift }))
    .filter((w) => w.text !== '')
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  for (const w of sorted) {
    const hadTime = w.endMs > w.startMs;
    if (w.endMs < startMs || w.startMs > endMs) continue;
    const prevEnd = out.at(-1)?.endMs ?? startMs;
    const s = clamp(Math.max(w.startMs, prevEnd), startMs, endMs);
    const e = clamp(w.endMs, startMs, endMs);
    if (e < s || (e === s && hadTime)) continue;
    out.push({ text: w.text, startMs: s, endMs: e });
  }
  return out;
}

/**
 * One transcript from the transcripts of consecutive pieces of one audio: times shifted to the
 * whole audio, each chunk's items kept inside its own window, empty segments dropped, segments
 * strictly ordered without overlaps (a segment that starts before the previous one ended starts
 * when it ends; dropped when nothing is left). Language: the one that covers the most audio.
 */
export function mergeChunks(chunks: TranscribedChunk[]): Transcript {
  const ordered = [...chunks].sort((a, b) => a.offsetMs - b.offsetMs);
  const weights = new Map<string, number>();
  const segments: TimedSegment[] = [];
  for (const chunk of ordered) {
    const { offsetMs, endMs: windowEnd } = chunk;
    const { language } = chunk.transcript;
    if (language) weights.set(language, (weights.get(language) ?? 0) + Math.max(0, windowEnd - offsetMs));
    const own = [...chunk.transcript.segments].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
    for (const seg of own) {
      const text = seg.text.trim();
      if (!text) continue;
      const prevEnd = segments.at(-1)?.endMs ?? -Infinity;
      const startMs = Math.max(clamp(seg.startMs + offsetMs, offsetMs, windowEnd), prevEnd);
      const endMs = clamp(seg.endMs + offsetMs, offsetMs, windowEnd);
      if (endMs <= startMs) continue;
      const out: TimedSegment = { startMs, endMs, text };
      if (seg.words) out.words = fitWords(seg.words, offsetMs, startMs, endMs);
      segments.push(out);
    }
  }
  let language: string | null = null;
  let best = -1;
  for (const [lang, weight] of weights) {
    if (weight > best) {
      language = lang;
      best = weight;
    }
  }
  return { language, segments };
}
