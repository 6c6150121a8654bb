import { availableParallelism } from 'node:os';
import { tidyPunctuation } from '@subtrans/subtitles';
import { commandTransport, LIST_TIMEOUT_MS, type Transport } from './apertium-command.js';
import { choosePair, pairOf, type Pair } from './apertium-pairs.js';
import { callJson } from '../http-json.js';
import { protectTerms } from './apertium-terms.js';
import {
  EngineError,
  engineFailure,
  UNKNOWN_WORD,
  type TranslateRequest,
  type TranslationEngine,
} from './engine.js';

export { commandExists } from './apertium-command.js';
export { pairsOfModeList } from './apertium-pairs.js';

export interface ApertiumOptions {
  /** an apertium-apy server; when set it is used instead of the local command */
  url?: string | undefined;
  /** the local `apertium` command (name on PATH or a path) */
  command?: string;
  /** one process run or HTTP request */
  timeoutMs?: number;
  /** local processes running at once (each is a pipeline of a dozen programs) */
  maxProcesses?: number;
  /** a pair's long-running pipeline stops after this long without a request */
  idleMs?: number;
  /** the installation's data folder (modes/*.mode); by default <prefix>/share/apertium */
  dataDir?: string;
}

const TIMEOUT_MS = 60_000;
/** a pair's pipeline holds its dictionaries in memory (about 200 MB resident for eng-spa) */
const IDLE_MS = 5 * 60_000;
/**
 * Apertium has no context or rate limits, and each call costs a round trip through a dozen
 * programs (or, one-shot, loading them): a task goes in large batches, a few at once so the
 * pipeline always has the next one while a finished one is saved (docs/benchmarks.md).
 */
const BATCHING = { batchSize: 100, concurrency: 4, deterministic: true };
/** installed pairs are looked up again on a miss, at most this often */
const REDISCOVER_AFTER_MS = 60_000;

/**
 * Stands for a line break between subtitle lines: a paragraph of its own that Apertium's txt
 * deformatter keeps (a blank line is a sentence boundary) and no dictionary knows. The output is
 * split on it; blank lines alone are not enough (a dropped word can leave one inside a line).
 */
const MARK = '⟦⁂⟧';
const SEPARATOR = `\n\n${MARK}\n\n`;

/**
 * Apertium marks a word it could not translate: `*` not in its dictionaries, `#` not generated,
 * `@` not transferred. The line's own `*`, `#` and `@` travel as stand-ins, so a mark is always
 * Apertium's.
 */
const STAND_INS: Record<string, string> = { '*': '\u2217', '#': '\u266f', '@': '\uff20' };
const ORIGINALS = Object.fromEntries(Object.entries(STAND_INS).map(([a, b]) => [b, a]));
const MARKED = /[*#@](?=[\p{L}\p{N}])/gu;

/**
 * Apertium's marks out of an answer: an unknown word keeps the pipeline's mark, the others none.
 * Markup passes as text, so a tag's name is an unknown word to it ("<*i>"): no word of a line.
 */
const unmark = (text: string) =>
  text
    .replace(/<[^<>]*>|\{[^{}]*\}/g, (tag) => tag.replace(MARKED, ''))
    .replace(MARKED, (m) => (m === '*' ? UNKNOWN_WORD : ''))
    .replace(/[\u2217\u266f\uff20]/gu, (c) => ORIGINALS[c]!);

/**
 * A subtitle line as one paragraph: no separator inside, line ends as \n, no NUL (it ends a
 * request to a long-running pipeline), its own marks' characters as stand-ins.
 */
const prepare = (line: string) =>
  line
    .replace(/\r\n?/g, '\n')
    .replaceAll(MARK, ' ')
    .replaceAll('\0', '')
    .replaceAll(UNKNOWN_WORD, '')
    .replace(/[*#@]/g, (c) => STAND_INS[c]!)
    .trim();

/** Apertium keeps the blanks of dropped words: collapse them, keeping the line breaks of a cue. */
const tidy = (text: string) =>
  text
    .replace(/[ \t]*\n\s*/g, '\n')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();

/** apertium-apy: GET /listPairs, POST /translate (form: langpair=eng|spa, q, markUnknown, format). */
function apyTransport(baseUrl: string, timeoutMs: number): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async pairs() {
      const listed = await callJson(
        { url: `${base}/listPairs`, method: 'GET', timeoutMs: LIST_TIMEOUT_MS },
        engineFailure,
      );
      const payload = listed as {
        responseData?: unknown;
      } | null;
      const list = payload?.responseData;
      if (!Array.isArray(list)) throw new EngineError('format', 'the pair list has no responseData');
      return list.flatMap((item: unknown) => {
        const { sourceLanguage: s, targetLanguage: t } = (item ?? {}) as Record<string, unknown>;
        const pair = typeof s === 'string' && typeof t === 'string' ? pairOf(s, t) : null;
        return pair ? [pair] : [];
      });
    },
    async translate(pair, text, signal) {
      const body = () =>
        new URLSearchParams({
          langpair: `${pair.source}|${pair.target}`,
          q: text,
          markUnknown: 'yes',
          format: 'txt',
        });
      const answer = await callJson(
        {
          url: `${base}/translate`,
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          timeoutMs,
          signal,
        },
        engineFailure,
      );
      const payload = answer as {
        responseData?: { translatedText?: unknown } | null;
        responseStatus?: unknown;
        responseDetails?: unknown;
      } | null;
      if (payload && typeof payload.responseStatus === 'number' && payload.responseStatus !== 200) {
        const details = typeof payload.responseDetails === 'string' ? payload.responseDetails : '';
        throw new EngineError('api', `Apertium answered ${payload.responseStatus} ${details}`.trim());
      }
      const translated = payload?.responseData?.translatedText;
      if (typeof translated !== 'string') throw new EngineError('format', 'the answer has no translatedText');
      return translated;
    },
  };
}

/**
 * Apertium, offline rule-based translation: the local `apertium` command (a long-running pipeline
 * per pair, or one process per batch; the lines separated by a marker paragraph) or an
 * apertium-apy server. Installed pairs are discovered at first use; a pair that is not installed
 * is an 'api' failure naming those that are.
 */
export function apertiumEngine(opts: ApertiumOptions = {}): TranslationEngine {
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const transport: Transport & { close?(): Promise<void> } = opts.url
    ? apyTransport(opts.url, timeoutMs)
    : commandTransport(opts.command ?? 'apertium', {
        timeoutMs,
        maxProcesses: opts.maxProcesses ?? Math.max(1, availableParallelism()),
        idleMs: opts.idleMs ?? IDLE_MS,
        dataDir: opts.dataDir,
      });
  let discovered: { at: number; pairs: Promise<Pair[]> } | null = null;
  const installed = (fresh = false) => {
    if (!discovered || (fresh && Date.now() - discovered.at > REDISCOVER_AFTER_MS)) {
      const pairs = transport.pairs();
      const entry = { at: Date.now(), pairs };
      discovered = entry;
      // a failed lookup is not kept: the next call asks again
      pairs.catch(() => {
        if (discovered === entry) discovered = null;
      });
    }
    return discovered.pairs;
  };
  const pairFor = async (source: string, target: string) => {
    try {
      return choosePair(await installed(), source, target);
    } catch (err) {
      if (!(err instanceof EngineError && err.kind === 'api')) throw err;
      // a pair installed since the last look is found without a restart
      return choosePair(await installed(true), source, target);
    }
  };
  return {
    name: 'apertium',
    kind: 'rule-based',
    // its dictionaries and rules decide every word but the task's terms (held out of their reach)
    honours: { terms: true, instructions: false },
    batching: BATCHING,
    async close() {
      await transport.close?.();
    },
    async translate(req: TranslateRequest) {
      const pair = await pairFor(req.source, req.target);
      const todo = req.lines.flatMap((l, i) => (l.trim() === '' ? [] : [i]));
      const result = [...req.lines];
      if (todo.length === 0) return result;
      // the task's terms go through as unknown words (issue 36): the dictionaries cannot touch them
      const kept = protectTerms(
        todo.map((i) => req.lines[i]!),
        req.terms,
      );
      const text = kept.lines.map(prepare).join(SEPARATOR);
      const pieces = (await transport.translate(pair, text, req.signal)).split(MARK);
      if (pieces.length !== todo.length) {
        throw new EngineError('count', `expected ${todo.length} lines, got ${pieces.length}`);
      }
      pieces.forEach((piece, k) => {
        // Spanish's ¿ and ¡, no space before a full stop: what the rules leave as the source had it
        // the renderings go in after the marks are read: a term's own * # @ are no marks
        const line = tidyPunctuation(tidy(kept.restore(unmark(piece))), req.target);
        // a line that comes back empty while its source was not is a lost line
        if (line === '') throw new EngineError('count', 'a line came back empty');
        result[todo[k]!] = line;
      });
      return result;
    },
  };
}
