import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { callJson, messageOf, type HttpJsonFailure } from '../http-json.js';
import {
  languageCode,
  SpeechError,
  type SpeechEngine,
  type TimedSegment,
  type TimedWord,
  type Transcript,
} from './engine.js';

export interface OpenAiTranscriptionOptions {
  /** includes the version: https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  maxUploadBytes: number;
  /** per request; default 10 minutes */
  timeoutMs?: number;
}

/** 429 and 5xx are tried this many more times */
const RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/** Retry-After in seconds (an HTTP date is also read), capped; the default when absent. */
function retryDelayMs(header: string | null): number {
  if (header) {
    const seconds = Number(header);
    if (header.trim() !== '' && Number.isFinite(seconds))
      return Math.min(MAX_RETRY_DELAY_MS, Math.max(0, seconds * 1000));
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.min(MAX_RETRY_DELAY_MS, Math.max(0, at - Date.now()));
  }
  return DEFAULT_RETRY_DELAY_MS;
}

function httpFailure(status: number, text: string): SpeechError {
  let detail = text.trim().slice(0, 300);
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof body.error === 'string'
        ? body.error
        : typeof body.error?.message === 'string'
          ? body.error.message
          : typeof body.message === 'string'
            ? body.message
            : null;
    if (message) detail = message;
  } catch {
    // not JSON: keep the start of the text
  }
  return new SpeechError('http', `HTTP ${status}${detail ? `: ${detail}` : ''}`, status);
}

/** A failed call as the speech engines say it; an abort of the caller's signal throws its reason. */
function speechFailure(f: HttpJsonFailure, signal: AbortSignal | undefined, timeoutMs: number): Error {
  switch (f.kind) {
    case 'request':
    case 'read': {
      if (f.aborted) return signal!.reason as Error;
      if (f.timedOut) return new SpeechError('timeout', `no answer within ${timeoutMs} ms`);
      const what = f.kind === 'request' ? 'request failed' : 'reading the answer failed';
      return new SpeechError('http', `${what}: ${messageOf(f.error)}`);
    }
    case 'status':
      return httpFailure(f.status, f.text);
    case 'not-json':
      return new SpeechError('format', `the answer is not JSON: ${f.text.slice(0, 100)}`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const ms = (seconds: number) => Math.max(0, Math.round(seconds * 1000));

/** verbose_json words: `{word, start, end}` (OpenAI, Groq, faster-whisper, whisper.cpp) */
function wordsOf(raw: unknown): TimedWord[] {
  if (!Array.isArray(raw)) throw new SpeechError('format', '`words` is not an array');
  const out: TimedWord[] = [];
  for (const w of raw) {
    if (!isObject(w) || !isTime(w.start) || !isTime(w.end))
      throw new SpeechError('format', 'a word has no start or end time');
    const text = typeof w.word === 'string' ? w.word : typeof w.text === 'string' ? w.text : null;
    if (text === null) throw new SpeechError('format', 'a word has no text');
    if (!text.trim()) continue;
    const startMs = ms(w.start);
    out.push({ text: text.trim(), startMs, endMs: Math.max(startMs, ms(w.end)) });
  }
  return out;
}

/** Puts each top-level word in the segment it overlaps most (the nearest one when none). */
function assignWords(segments: TimedSegment[], words: TimedWord[]) {
  for (const s of segments) s.words = [];
  if (segments.length === 0) return;
  for (const w of words) {
    const mid = (w.startMs + w.endMs) / 2;
    // the last segment starting at or before the word's middle
    let lo = 0;
    let hi = segments.length - 1;
    while (lo < hi) {
      const m = (lo + hi + 1) >> 1;
      if (segments[m]!.startMs <= mid) lo = m;
      else hi = m - 1;
    }
    let best = lo;
    // the overlap in ms; negative: the gap between them
    const score = (s: TimedSegment) => Math.min(s.endMs, w.endMs) - Math.max(s.startMs, w.startMs);
    for (const c of [lo - 1, lo + 1]) {
      const s = segments[c];
      if (s && score(s) > score(segments[best]!)) best = c;
    }
    segments[best]!.words!.push(w);
  }
  for (const s of segments) s.words!.sort((a, b) => a.startMs - b.startMs);
}

/**
 * OpenAI's top-level words carry no punctuation and may differ in case from the segment text
 * ("hello" in "Hello, world."): each word takes its spelling and the punctuation around it from
 * the segment text, so cues cut at sentence ends and read like the transcript. A word not found
 * in the text is left as it came.
 */
export function punctuateWords(segment: TimedSegment): void {
  const text = segment.text;
  const lower = text.toLocaleLowerCase();
  let at = 0;
  for (const w of segment.words ?? []) {
    const bare = w.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!bare) continue;
    const idx = lower.indexOf(bare.toLocaleLowerCase(), at);
    if (idx < 0) continue;
    const before = text.slice(at, idx).trim();
    const lead = /^[^\p{L}\p{N}]+$/u.test(before) ? before : '';
    const end = idx + bare.length;
    const trail = /^[^\s\p{L}\p{N}]+/u.exec(text.slice(end))?.[0] ?? '';
    w.text = lead + text.slice(idx, end) + trail;
    at = end + trail.length;
  }
}

/** Reads a verbose_json answer into a transcript (ms from the start of the file). */
export function transcriptOf(payload: unknown): Transcript {
  if (!isObject(payload)) throw new SpeechError('format', 'the answer is not a JSON object');
  if (payload.error !== undefined && payload.error !== null) {
    const e = payload.error;
    const message = isObject(e) && typeof e.message === 'string' ? e.message : String(JSON.stringify(e));
    throw new SpeechError('api', message);
  }
  const language = languageCode(typeof payload.language === 'string' ? payload.language : null);
  const topWords = payload.words === undefined || payload.words === null ? null : wordsOf(payload.words);
  if (!Array.isArray(payload.segments)) {
    // a server may leave `segments` out when nothing was said
    if (payload.segments === undefined && typeof payload.text === 'string' && payload.text.trim() === '')
      return { language, segments: [] };
    throw new SpeechError('format', 'the answer has no `segments` (is response_format verbose_json?)');
  }
  let nested = false;
  const segments: TimedSegment[] = [];
  for (const s of payload.segments as unknown[]) {
    if (!isObject(s) || !isTime(s.start) || !isTime(s.end) || typeof s.text !== 'string')
      throw new SpeechError('format', 'a segment has no start, end or text');
    const startMs = ms(s.start);
    const seg: TimedSegment = { startMs, endMs: Math.max(startMs, ms(s.end)), text: s.text.trim() };
    if (s.words !== undefined && s.words !== null) {
      nested = true;
      seg.words = wordsOf(s.words);
    }
    segments.push(seg);
  }
  segments.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  if (topWords && !nested) {
    assignWords(segments, topWords);
    for (const seg of segments) punctuateWords(seg);
  } else if (nested) for (const s of segments) s.words ??= [];
  return { language, segments };
}

/**
 * Any OpenAI-compatible transcription API (OpenAI whisper-1, Groq, faster-whisper servers,
 * whisper.cpp server): POST {baseUrl}/audio/transcriptions, multipart, verbose_json with segment
 * and word timestamps.
 */
export function openAiTranscription(opts: OpenAiTranscriptionOptions): SpeechEngine {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  const timeoutMs = opts.timeoutMs ?? 10 * 60_000;
  return {
    name: `openai-transcriptions:${opts.model}`,
    maxUploadBytes: opts.maxUploadBytes,
    async transcribe(audio, options = {}) {
      const { signal } = options;
      let size: number;
      try {
        size = (await stat(audio.path)).size;
      } catch (err) {
        throw new SpeechError(
          'format',
          `cannot read the audio file: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      if (size > opts.maxUploadBytes) {
        throw new SpeechError(
          'too-large',
          `the audio file is ${size} bytes; one request may carry at most ${opts.maxUploadBytes}`,
        );
      }
      const blob = await openAsBlob(audio.path, { type: audio.contentType });
      const form = () => {
        const f = new FormData();
        f.append('file', blob, audio.fileName);
        f.append('model', opts.model);
        f.append('response_format', 'verbose_json');
        f.append('timestamp_granularities[]', 'segment');
        f.append('timestamp_granularities[]', 'word');
        const language = options.language?.trim().split(/[-_]/)[0]?.toLowerCase();
        if (language) f.append('language', language);
        if (options.prompt) f.append('prompt', options.prompt);
        return f;
      };

      const payload = await callJson(
        {
          url,
          method: 'POST',
          headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
          body: form,
          timeoutMs,
          signal,
          retry: { times: RETRIES, when: (status) => status === 429 || status >= 500, delayMs: retryDelayMs },
        },
        (f) => speechFailure(f, signal, timeoutMs),
      );
      return transcriptOf(payload);
    },
  };
}
