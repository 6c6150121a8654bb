import type { Brief, EngineKind, SeriesMemory } from '@subtrans/contract';
import type { Counting } from '@subtrans/subtitles';
import { messageOf, type HttpJsonFailure } from '../http-json.js';

/**
 * One interface for every translation engine: a batch of lines (with neighbouring lines as
 * read-only context) in, exactly one translation per line out. Timecodes never reach an engine.
 */
export interface TranslateRequest {
  lines: string[];
  /** lines before and after the batch, for context only: never translated or returned */
  context: { before: string[]; after: string[] };
  /** SPEC §3 code, or 'auto' */
  source: string;
  target: string;
  signal?: AbortSignal;
  /**
   * per line, the characters it may use given its time on screen and the target's norms (in
   * `counting`), when known; rule-based engines ignore it
   */
  budgets?: number[];
  /** how `budgets` count characters (packages/subtitles norms.ts) */
  counting?: Counting;
  /**
   * runs of lines that form one sentence across cues, [first, last] indices into `lines`
   * (inclusive, at least two lines): the engine may move words between a group's lines, but every
   * line must keep some text
   */
  groups?: [number, number][];
  /**
   * issue 26: the terms whose source occurs in this batch's lines (glossaries, the brief's terms
   * and characters, the series memory), each to be rendered as its target (kept as is when
   * `keep`); rule-based engines ignore them
   */
  terms?: RequestTerm[];
  /** issue 26: the part of the film brief that concerns this batch */
  brief?: BatchBrief;
  /** issue 26: the user's voice for the whole task */
  instructions?: { formality: 'source' | 'formal' | 'informal'; note: string };
}

/** A term sent with a batch: the source term and how it must be rendered. */
export interface RequestTerm {
  source: string;
  target: string;
  note?: string;
  keep?: boolean;
}

/** The film brief's part for one batch: the synopsis, and the characters that occur in it. */
export interface BatchBrief {
  synopsis: string;
  register: string;
  characters: { name: string; target: string; gender: string; address: string }[];
}

/** One translated line that came back over its budget, to be said again in fewer characters. */
export interface CondenseItem {
  /** the translation to shorten */
  text: string;
  /** the characters it may use, in the request's counting */
  budget: number;
  /** the source line it translates */
  original: string;
  /** the neighbouring lines (translated where known), for context */
  before: string;
  after: string;
}

export interface CondenseRequest {
  items: CondenseItem[];
  counting: Counting;
  source: string;
  target: string;
  signal?: AbortSignal;
}

/**
 * How a local engine wants its lines sent, when it knows better than the task's batch size
 * (set for language models' context): a rule-based engine has no context or rate limits.
 */
export interface EngineBatching {
  /** lines per call, in place of the task's batch size */
  batchSize: number;
  /** calls in flight for one task, in place of the task's concurrency */
  concurrency: number;
  /**
   * the same lines always come back the same: a reply with wrong lines is not asked again, its
   * batch is halved at once (a failed call is still retried)
   */
  deterministic: boolean;
}

/**
 * issue 26: one part of a film read before it is translated (brief.ts splits the film and merges
 * the parts' answers)
 */
export interface BriefRequest {
  /** the part's lines, in order (no timecodes) */
  lines: string[];
  source: string;
  target: string;
  /** which part of how many */
  part: { index: number; count: number };
  /** the most characters this part's synopsis may use */
  synopsisChars: number;
  /** names and terms already fixed (a series' memory): to be used as they are */
  known?: SeriesMemory;
  signal?: AbortSignal;
}

/**
 * Issue 41: how many bytes of prompt a call would send (the UTF-8 of every message), for engines
 * that send prompts (language models): what a task's price buys is counted in them.
 */
export interface PromptSizes {
  translate(req: TranslateRequest): number;
  condense(req: CondenseRequest): number;
  brief(req: BriefRequest): number;
}

/**
 * Issue 34: what an engine does with a request's `terms` and `instructions`, declared by each
 * adapter beside the code that sends them (capabilities.ts adds what its methods show: `brief`,
 * `condense`). The upload offers, and the server accepts, only the options an engine honours;
 * each adapter's test checks the declaration against what reaches its provider.
 */
export interface EngineHonours {
  /** `terms` reach the provider and are asked to be followed */
  terms: boolean;
  /** `instructions` (formality, the note) reach the provider */
  instructions: boolean;
}

/**
 * Issue 36: an engine that knows which words it could not translate (Apertium marks each) puts
 * this private-use character before each of them in its answer. The pipeline takes the marks out
 * (unknownWordsOf) and hands each line's words to onLines, so the line is flagged for review.
 */
export const UNKNOWN_WORD = '\uE000';

/** A line's text without the marks, and the words they marked. */
export function unknownWordsOf(text: string): { text: string; words: string[] } {
  if (!text.includes(UNKNOWN_WORD)) return { text, words: [] };
  const words = [...text.matchAll(/\uE000([^\s\uE000]+)/gu)].map((m) =>
    m[1]!.replace(/[^\p{L}\p{N}'’-]+$/u, ''),
  );
  return { text: text.replaceAll(UNKNOWN_WORD, ''), words: words.filter(Boolean) };
}

export interface TranslationEngine {
  readonly name: string;
  /** how it translates: a rule-based engine gives a draft (the upload says so) */
  readonly kind: EngineKind;
  readonly honours: EngineHonours;
  readonly batching?: EngineBatching;
  /** the prompt bytes of each kind of call; engines without prompts have none (0 bytes) */
  readonly prompt?: PromptSizes;
  translate(req: TranslateRequest): Promise<string[]>;
  /**
   * Engines that can read a film and describe it (language models): the synopsis, register,
   * characters and recurring terms of one part. Rule-based engines have none (no brief).
   */
  brief?(req: BriefRequest): Promise<Brief>;
  /**
   * Engines that can be asked for a shorter rendering with the same meaning (language models):
   * one text per item, in order. Rule-based engines have none.
   */
  condense?(req: CondenseRequest): Promise<string[]>;
  /** stops what the engine keeps running (local processes): at shutdown */
  close?(): Promise<void>;
}

export type EngineFailure =
  /** the provider answered HTTP 4xx/5xx or the connection failed */
  | 'http'
  /** the provider said no in its own words (error object) */
  | 'api'
  /** the answer could not be read (not JSON, wrong shape) */
  | 'format'
  /** a line is missing, merged, echoed or extra */
  | 'count'
  /** 429: slow down (retryAfterMs when the provider says) */
  | 'rate_limited'
  /** the engine is recognised but not implemented (SPEC §8) */
  | 'not_implemented';

export class EngineError extends Error {
  constructor(
    readonly kind: EngineFailure,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** Reads Retry-After (seconds or an HTTP date) into milliseconds. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A failed provider call as an engine failure: 429 is rate_limited (with its Retry-After), other
 * statuses and connection failures are 'http', an unreadable answer is 'format'.
 */
export function engineFailure(f: HttpJsonFailure): EngineError {
  switch (f.kind) {
    case 'request':
      return new EngineError('http', `request failed: ${messageOf(f.error)}`);
    case 'status': {
      const text = f.text.slice(0, 300);
      if (f.status === 429)
        return new EngineError('rate_limited', `HTTP 429 ${text}`, retryAfterMs(f.retryAfter));
      return new EngineError('http', `HTTP ${f.status} ${text}`.trim());
    }
    case 'read':
    case 'not-json':
      return new EngineError('format', 'the answer is not JSON');
  }
}
