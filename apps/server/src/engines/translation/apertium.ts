import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { EngineError, failureOf, type TranslateRequest, type TranslationEngine } from './engine.js';

export interface ApertiumOptions {
  /** an apertium-apy server; when set it is used instead of the local command */
  url?: string | undefined;
  /** the local `apertium` command (name on PATH or a path) */
  command?: string;
  /** one process run or HTTP request */
  timeoutMs?: number;
  /** local processes running at once (each is a pipeline of a dozen programs) */
  maxProcesses?: number;
}

/** An installed translation direction, in Apertium's codes (eng, spa, or the older en, es). */
interface Pair {
  /** source code as Apertium writes it, variant included (oci_aran) */
  source: string;
  target: string;
  /** the codes without a variant: what our languages are matched against */
  sourceBase: string;
  targetBase: string;
  variant: boolean;
}

const TIMEOUT_MS = 60_000;
const LIST_TIMEOUT_MS = 15_000;
/** installed pairs are looked up again on a miss, at most this often */
const REDISCOVER_AFTER_MS = 60_000;

/**
 * Stands for a line break between subtitle lines: a paragraph of its own that Apertium's txt
 * deformatter keeps (a blank line is a sentence boundary) and no dictionary knows. The output is
 * split on it; blank lines alone are not enough (a dropped word can leave one inside a line).
 */
const MARK = '⟦⁂⟧';
const SEPARATOR = `\n\n${MARK}\n\n`;

/** SPEC codes (ISO 639-1) → the ISO 639-3 codes Apertium names its pairs with. */
const APERTIUM_CODES: Record<string, string[]> = {
  af: ['afr'],
  an: ['arg'],
  ar: ['ara'],
  ast: ['ast'],
  az: ['aze'],
  be: ['bel'],
  bg: ['bul'],
  br: ['bre'],
  bs: ['hbs', 'bos'],
  ca: ['cat'],
  cs: ['ces'],
  cy: ['cym'],
  da: ['dan'],
  de: ['deu'],
  el: ['ell'],
  en: ['eng'],
  eo: ['epo'],
  es: ['spa'],
  et: ['est'],
  eu: ['eus'],
  fi: ['fin'],
  fr: ['fra'],
  ga: ['gle'],
  gl: ['glg'],
  he: ['heb'],
  hi: ['hin'],
  hr: ['hbs', 'hrv'],
  hu: ['hun'],
  id: ['ind'],
  is: ['isl'],
  it: ['ita'],
  ja: ['jpn'],
  kk: ['kaz'],
  ko: ['kor'],
  lt: ['lit'],
  lv: ['lav'],
  mk: ['mkd'],
  ms: ['zlm', 'msa', 'zsm'],
  mt: ['mlt'],
  nb: ['nob'],
  nl: ['nld'],
  nn: ['nno'],
  no: ['nob', 'nor'],
  oc: ['oci'],
  pl: ['pol'],
  pt: ['por'],
  ro: ['ron'],
  ru: ['rus'],
  sc: ['srd'],
  sk: ['slk'],
  sl: ['slv'],
  sr: ['hbs', 'srp'],
  sv: ['swe'],
  th: ['tha'],
  tl: ['tgl'],
  tr: ['tur'],
  tt: ['tat'],
  uk: ['ukr'],
  ur: ['urd'],
  vi: ['vie'],
  zh: ['zho', 'cmn'],
};

/** The Apertium codes that stand for one of our languages: ISO 639-3 first, then the old 2-letter code. */
function apertiumCodesOf(code: string): string[] {
  const base = code.split('-')[0]!.toLowerCase();
  return [...(APERTIUM_CODES[base] ?? []), base];
}

const baseOf = (code: string) => code.split('_')[0]!.toLowerCase();

function pairOf(source: string, target: string): Pair | null {
  const code = /^[a-z]{2,3}(?:_[A-Za-z0-9]+)?$/;
  if (!code.test(source) || !code.test(target)) return null;
  const variant = source.includes('_') || target.includes('_');
  return { source, target, sourceBase: baseOf(source), targetBase: baseOf(target), variant };
}

/** Directions from `apertium -l` ("  eng-spa" per line); debug modes (eng-spa-tagger) are left out. */
export function pairsOfModeList(output: string): Pair[] {
  return output
    .split('\n')
    .map((l) => l.trim())
    .flatMap((mode) => {
      const m = /^([^-\s]+)-([^-\s]+)$/.exec(mode);
      const pair = m ? pairOf(m[1]!, m[2]!) : null;
      return pair ? [pair] : [];
    });
}

const nameOf = (p: Pair) => `${p.source}-${p.target}`;

/** Prefers the plain direction (spa-eng) to a variant (spa-eng_US). */
function bestOf(pairs: Pair[]): Pair | undefined {
  return pairs.find((p) => !p.variant) ?? pairs[0];
}

/** The installed pair for our source/target codes ('auto': the only source installed into the target). */
function choosePair(pairs: Pair[], source: string, target: string): Pair {
  const installed = pairs.length ? pairs.map(nameOf).join(', ') : 'none';
  const targets = apertiumCodesOf(target);
  const into = pairs.filter((p) => targets.includes(p.targetBase));
  if (source === 'auto') {
    const sources = [...new Set(into.map((p) => p.sourceBase))];
    if (sources.length !== 1) {
      throw new EngineError(
        'api',
        `Apertium cannot detect the source language: choose the source language (pairs into ${target}: ${
          into.length ? into.map(nameOf).join(', ') : 'none'
        }; installed: ${installed})`,
      );
    }
    return bestOf(into.filter((p) => p.sourceBase === sources[0]))!;
  }
  const sourcesOk = apertiumCodesOf(source);
  // the preferred code (ISO 639-3) wins over the old 2-letter one when both are installed
  for (const s of sourcesOk) {
    const pair = bestOf(into.filter((p) => p.sourceBase === s));
    if (pair) return pair;
  }
  throw new EngineError(
    'api',
    `Apertium has no ${source}→${target} pair installed (installed: ${installed})`,
  );
}

/** A subtitle line as one paragraph: no separator inside, line ends as \n. */
const prepare = (line: string) => line.replace(/\r\n?/g, '\n').replaceAll(MARK, ' ').trim();

/** Apertium keeps the blanks of dropped words: collapse them, keeping the line breaks of a cue. */
const tidy = (text: string) =>
  text
    .replace(/[ \t]*\n\s*/g, '\n')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();

/** Whether a command can be run: a path that is executable, or a name found in one of PATH's folders. */
export function commandExists(command: string, pathEnv = process.env.PATH ?? ''): boolean {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/')) return executable(command);
  return pathEnv
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => executable(join(dir, command)));
}

/** A counting semaphore: at most `max` local processes, waiting callers can give up. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    if (running >= max) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', abort);
          resolve();
        };
        const abort = () => {
          const i = waiting.indexOf(go);
          if (i >= 0) waiting.splice(i, 1);
          reject(new EngineError('http', 'translation aborted'));
        };
        if (signal?.aborted) return abort();
        waiting.push(go);
        signal?.addEventListener('abort', abort, { once: true });
      });
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // the slot goes straight to the next caller, or is freed
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * Runs a command without a shell; answers stdout. The command runs in its own process group so a
 * timeout or an abort kills the whole pipeline `apertium` starts.
 */
function runCommand(
  command: string,
  args: string[],
  opts: { timeoutMs: number; signal?: AbortSignal | undefined },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new EngineError('http', 'translation aborted'));
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    let err = '';
    let settled = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const settle = (fail: EngineError | null, stdout = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (fail) reject(fail);
      else resolve({ stdout, stderr: err.trim() });
    };
    const onAbort = () => {
      kill();
      settle(new EngineError('http', 'translation aborted'));
    };
    const timer = setTimeout(() => {
      kill();
      settle(
        new EngineError('http', `${command} took longer than ${opts.timeoutMs / 1000} s and was stopped`),
      );
    }, opts.timeoutMs);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 2000) err += c.toString('utf8');
    });
    child.on('error', (e) => settle(new EngineError('http', `cannot run ${command}: ${e.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) return settle(null, Buffer.concat(out).toString('utf8'));
      const why = code === null ? `was killed (${signal})` : `exited with ${code}`;
      settle(new EngineError('http', `${command} ${why}: ${err.trim().slice(0, 300)}`.replace(/: $/, '')));
    });
  });
}

interface Transport {
  pairs(): Promise<Pair[]>;
  translate(pair: Pair, text: string, signal: AbortSignal | undefined): Promise<string>;
}

function commandTransport(command: string, timeoutMs: number, maxProcesses: number): Transport {
  const limit = limiter(maxProcesses);
  return {
    async pairs() {
      return pairsOfModeList((await runCommand(command, ['-l'], { timeoutMs: LIST_TIMEOUT_MS })).stdout);
    },
    translate(pair, text, signal) {
      return limit(signal, async () => {
        // the text goes in a file: `apertium` opens /dev/stdin, which fails on the socket Node
        // gives a child as stdin
        const dir = await mkdtemp(join(tmpdir(), 'apertium-'));
        try {
          const input = join(dir, 'input.txt');
          await writeFile(input, text, 'utf8');
          // -u: no '*' before unknown words; txt: markup such as <i> passes as text, paragraphs are kept
          const { stdout, stderr } = await runCommand(command, ['-u', '-f', 'txt', nameOf(pair), input], {
            timeoutMs,
            signal,
          });
          // the text is never blank, so neither is a translation: `apertium` can fail with status 0
          if (stdout.trim() === '')
            throw new EngineError('http', `${command} gave no output: ${stderr.slice(0, 300)}`.trim());
          return stdout;
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
    },
  };
}

async function fetchJson(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (err) {
    throw new EngineError('http', `request failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) throw await failureOf(res);
  try {
    return await res.json();
  } catch {
    throw new EngineError('format', 'the answer is not JSON');
  }
}

/** apertium-apy: GET /listPairs, POST /translate (form: langpair=eng|spa, q, markUnknown, format). */
function apyTransport(baseUrl: string, timeoutMs: number): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async pairs() {
      const payload = (await fetchJson(`${base}/listPairs`, {}, LIST_TIMEOUT_MS)) as {
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
      const body = new URLSearchParams({
        langpair: `${pair.source}|${pair.target}`,
        q: text,
        markUnknown: 'no',
        format: 'txt',
      });
      const payload = (await fetchJson(
        `${base}/translate`,
        { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        timeoutMs,
        signal,
      )) as {
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
 * Apertium, offline rule-based translation: the local `apertium` command (one process per batch,
 * the lines separated by a marker paragraph) or an apertium-apy server. Installed pairs are
 * discovered at first use; a pair that is not installed is an 'api' failure naming those that are.
 */
export function apertiumEngine(opts: ApertiumOptions = {}): TranslationEngine {
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const transport = opts.url
    ? apyTransport(opts.url, timeoutMs)
    : commandTransport(
        opts.command ?? 'apertium',
        timeoutMs,
        opts.maxProcesses ?? Math.max(1, availableParallelism()),
      );
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
    async translate(req: TranslateRequest) {
      const pair = await pairFor(req.source, req.target);
      const todo = req.lines.flatMap((l, i) => (l.trim() === '' ? [] : [i]));
      const result = [...req.lines];
      if (todo.length === 0) return result;
      const text = todo.map((i) => prepare(req.lines[i]!)).join(SEPARATOR);
      const pieces = (await transport.translate(pair, text, req.signal)).split(MARK);
      if (pieces.length !== todo.length) {
        throw new EngineError('count', `expected ${todo.length} lines, got ${pieces.length}`);
      }
      pieces.forEach((piece, k) => {
        const line = tidy(piece);
        // a line that comes back empty while its source was not is a lost line
        if (line === '') throw new EngineError('count', 'a line came back empty');
        result[todo[k]!] = line;
      });
      return result;
    },
  };
}
