/**
 * SRT figures: parse and serialise speed of @subtrans/subtitles against the npm libraries
 * `subtitle`, `srt-parser-2` and `subsrt-ts` on the same generated file (~5 MB, ~50,000 cues, CRLF,
 * UTF-8 BOM, some `<i>` and CJK lines) in the same run, and the heap our parse keeps, measured in a
 * child process started with --expose-gc.
 *
 * Every contender does the whole job of the server: parse is UTF-8 bytes → cues (our real path is
 * `parseSrt(decodeSubtitleBytes(bytes).text)`; the libraries get `new TextDecoder().decode(bytes)`,
 * which drops the BOM), serialise is cues → UTF-8 bytes (`Buffer.from(serialise…)`, as the server
 * stores an export). MB/s counts the file's size (10^6 bytes) for both. Each figure is the median
 * of RUNS runs after WARMUP runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import srtParser2 from 'srt-parser-2';
import subsrt from 'subsrt-ts';
import * as subtitle from 'subtitle';
import { decodeSubtitleBytes, parseSrt, serialiseSrt } from '@subtrans/subtitles';
import type { Figure } from './ledger.js';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');
const CUES = 50_000;
const WARMUP = 3;
const RUNS = 5;
const MB = 1_000_000;

/** A parser and a writer under test; `count` and `first` read a parse result. */
interface Contender<T> {
  name: string;
  parse: (bytes: Uint8Array) => T;
  serialise: (parsed: T) => Uint8Array;
  count: (parsed: T) => number;
  first: (parsed: T) => { startMs: number; text: string } | undefined;
}

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const ours: Contender<ReturnType<typeof parseSrt>> = {
  name: 'ours (@subtrans/subtitles)',
  parse: (bytes) => parseSrt(decodeSubtitleBytes(bytes).text),
  serialise: (cues) => Buffer.from(serialiseSrt(cues)),
  count: (cues) => cues.length,
  first: (cues) => cues[0],
};

const subtitleLib: Contender<subtitle.NodeList> = {
  name: 'subtitle',
  parse: (bytes) => subtitle.parseSync(utf8(bytes)),
  serialise: (nodes) => Buffer.from(subtitle.stringifySync(nodes, { format: 'SRT' })),
  count: (nodes) => nodes.filter((n) => n.type === 'cue').length,
  first: (nodes) => {
    const cue = nodes.find((n) => n.type === 'cue');
    return cue?.type === 'cue' ? { startMs: cue.data.start, text: cue.data.text } : undefined;
  },
};

const srtParser2Lib: Contender<ReturnType<srtParser2['fromSrt']>> = {
  name: 'srt-parser-2',
  parse: (bytes) => new srtParser2().fromSrt(utf8(bytes)),
  serialise: (lines) => Buffer.from(new srtParser2().toSrt(lines)),
  count: (lines) => lines.length,
  first: (lines) => lines[0] && { startMs: Math.round(lines[0].startSeconds * 1000), text: lines[0].text },
};

const subsrtLib: Contender<ReturnType<typeof subsrt.parse>> = {
  name: 'subsrt-ts',
  parse: (bytes) => subsrt.parse(utf8(bytes), { format: 'srt' }),
  serialise: (captions) => Buffer.from(subsrt.build(captions, { format: 'srt' })),
  count: (captions) => captions.filter((c) => c.type === 'caption').length,
  first: (captions) => {
    const c = captions.find((x) => x.type === 'caption');
    return c?.type === 'caption' ? { startMs: c.start, text: c.content } : undefined;
  },
};

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so every run parses the same file. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** the generated files' words and CJK lines (format-files.ts writes its files from them too) */
export const WORDS = (
  'the you what that this here there know go come now just right well yeah okay think want ' +
  'tell look see about time never always something nothing everything where why because ' +
  'please sorry thank father mother house night morning money find going back really'
).split(' ');
export const CJK = [
  '你好，我们走吧。',
  '我不知道他在哪里。',
  '今天晚上我们一起吃饭吧。',
  'ありがとうございます。',
  'どこへ行くの？',
  '別に大丈夫だよ。',
];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const srtTime = (ms: number) =>
  `${pad(Math.floor(ms / 3_600_000), 2)}:${pad(Math.floor(ms / 60_000) % 60, 2)}:` +
  `${pad(Math.floor(ms / 1000) % 60, 2)},${pad(ms % 1000, 3)}`;

/** ~5 MB of SRT: 1–2 lines per cue, ~12 % in `<i>`, ~10 % CJK, CRLF, UTF-8 with a BOM. */
export function generateSrt(cues = CUES): Uint8Array {
  const rnd = random(20_240_601);
  const word = () => WORDS[Math.floor(rnd() * WORDS.length)]!;
  const englishLine = () => {
    const n = 4 + Math.floor(rnd() * 7);
    const words = Array.from({ length: n }, word);
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    return `${words.join(' ')}${rnd() < 0.3 ? '?' : '.'}`;
  };
  const textLine = () => {
    const r = rnd();
    if (r < 0.1) return CJK[Math.floor(rnd() * CJK.length)]!;
    if (r < 0.22) return `<i>${englishLine()}</i>`;
    return englishLine();
  };
  const parts: string[] = [];
  let t = 1000;
  for (let i = 1; i <= cues; i += 1) {
    const start = t + Math.floor(rnd() * 800);
    const end = start + 800 + Math.floor(rnd() * 3000);
    t = end;
    const text = rnd() < 0.4 ? `${textLine()}\r\n${textLine()}` : textLine();
    parts.push(`${i}\r\n${srtTime(start)} --> ${srtTime(end)}\r\n${text}\r\n`);
  }
  return Buffer.from(`\uFEFF${parts.join('\r\n')}`);
}

/** The file the brief calls nasty: a blank line inside a cue, `,5` milliseconds, `,` and `.` mixed. */
const NASTY = Buffer.from(
  '\uFEFF' +
    [
      '1',
      '00:00:01,5 --> 00:00:02,000',
      'first line',
      '',
      'second part of the same cue',
      '',
      '2',
      '00:00:03.000 --> 00:00:04.000',
      'dots',
      '',
      '3',
      '00:00:05,000 --> 00:00:06.250',
      'mixed',
      '',
    ].join('\r\n'),
);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const CONTENDERS = [subtitleLib, srtParser2Lib, subsrtLib, ours] as Contender<unknown>[];

interface Speed {
  name: string;
  parse: number;
  serialise: number;
}

/**
 * In a child started with --expose-gc: each contender's parse and serialise, timed in rounds (one
 * run of every contender per round, so a slow moment of the machine falls on all of them alike)
 * with a full GC before every run (no contender pays for the garbage of another). MB/s of the
 * median run after WARMUP rounds.
 */
function speedChild(file: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const bytes = new Uint8Array(readFileSync(file));
  const parsed = CONTENDERS.map((c) => c.parse(bytes));
  const times = CONTENDERS.map(() => ({ parse: [] as number[], serialise: [] as number[] }));
  for (let round = 0; round < WARMUP + RUNS; round += 1) {
    CONTENDERS.forEach((c, i) => {
      gc();
      let started = performance.now();
      c.parse(bytes);
      const parse = performance.now() - started;
      gc();
      started = performance.now();
      c.serialise(parsed[i]);
      const serialise = performance.now() - started;
      if (round >= WARMUP) {
        times[i]!.parse.push(parse);
        times[i]!.serialise.push(serialise);
      }
    });
  }
  const mbps = (ms: number[]) => Number((bytes.length / MB / (median(ms) / 1000)).toFixed(1));
  const speeds: Speed[] = CONTENDERS.map((c, i) => ({
    name: c.name,
    parse: mbps(times[i]!.parse),
    serialise: mbps(times[i]!.serialise),
  }));
  process.stdout.write(JSON.stringify(speeds));
}

/** In a child with --expose-gc: the heap our parse keeps (the cues; the input string is dropped). */
function heapChild(file: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const bytes = readFileSync(file);
  parseSrt(decodeSubtitleBytes(NASTY).text); // load the code before measuring
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const cues = parseSrt(decodeSubtitleBytes(bytes).text);
  gc();
  gc();
  const growth = process.memoryUsage().heapUsed - before;
  process.stdout.write(JSON.stringify({ growth, cues: cues.length }));
}

/** Runs this file in a child process with --expose-gc in `mode` on `file`; answers its JSON. */
function child<T>(mode: '--speed' | '--heap', file: string): T {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', HERE, mode, file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${mode} measurement failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

/**
 * Cue count of a parse of the 5 MB file and the size of what is written back; on the nasty file,
 * the cue count and the first cue (ours: 3 cues, the first from 1500 ms, its text on two lines).
 */
function correctness<T>(c: Contender<T>, bytes: Uint8Array) {
  const parsed = c.parse(bytes);
  let nastyCues: string;
  let nastyFirst = '';
  try {
    const nasty = c.parse(NASTY);
    nastyCues = String(c.count(nasty));
    const first = c.first(nasty);
    const text = first && first.text.length > 40 ? `${first.text.slice(0, 40)}…` : first?.text;
    if (first) nastyFirst = `${first.startMs} ms ${JSON.stringify(text)}`;
  } catch (e) {
    nastyCues = `throws (${String(e).slice(0, 60)})`;
  }
  return { cues: c.count(parsed), outBytes: c.serialise(parsed).length, nastyCues, nastyFirst };
}

export async function benchSubtitles(): Promise<Figure[]> {
  const bytes = generateSrt();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-srt-'));
  const file = path.join(dir, 'bench.srt');
  writeFileSync(file, bytes);
  let speeds: Speed[];
  let heap: number;
  try {
    speeds = child<Speed[]>('--speed', file);
    heap = child<{ growth: number }>('--heap', file).growth;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const all = speeds.map((speed, i) => ({ ...speed, ...correctness(CONTENDERS[i]!, bytes) }));
  const mine = all[all.length - 1]!;
  const libraries = all.slice(0, -1);
  const sizeMb = Number((bytes.length / MB).toFixed(2));
  console.log(
    `\nSRT file: ${sizeMb} MB, ${CUES} cues, CRLF, UTF-8 with BOM; median of ${RUNS} runs after ${WARMUP}`,
  );
  console.table(
    all.map((r) => ({
      library: r.name,
      'parse MB/s': r.parse,
      'serialise MB/s': r.serialise,
      'cues (5 MB file)': r.cues,
      'serialised bytes': r.outBytes,
      'nasty file: cues': r.nastyCues,
      'nasty file: first cue': r.nastyFirst,
    })),
  );
  const differ = all.filter((r) => r.cues !== CUES);
  if (differ.length > 0) {
    console.warn(`cue count differs from ${CUES}: ${differ.map((r) => `${r.name} ${r.cues}`).join(', ')}`);
  }

  const fastest = (key: 'parse' | 'serialise') =>
    libraries.reduce((best, r) => (r[key] > best[key] ? r : best));
  const figures: Figure[] = [];
  for (const r of libraries) {
    for (const key of ['parse', 'serialise'] as const) {
      figures.push({
        name: `srt ${key} MB/s (${r.name})`,
        value: r[key],
        unit: 'MB/s',
        baseline: null,
        baselineValue: null,
        ratio: null,
      });
    }
  }
  for (const [key, goal] of [
    ['parse', '>= 3x'],
    ['serialise', '>= 1x'],
  ] as const) {
    const best = fastest(key);
    figures.push({
      name: `srt ${key} MB/s (ours)`,
      value: mine[key],
      unit: 'MB/s',
      baseline: `fastest library: ${best.name}`,
      baselineValue: best[key],
      ratio: Number((mine[key] / best[key]).toFixed(2)),
      goal,
    });
  }
  figures.push({
    name: 'heap kept after srt parse (ours)',
    value: Number((heap / MB).toFixed(1)),
    unit: 'MB',
    baseline: 'file size',
    baselineValue: sizeMb,
    ratio: Number((heap / bytes.length).toFixed(2)),
    goal: '<= 5x',
  });
  return figures;
}

if (path.resolve(process.argv[1] ?? '') === HERE) {
  if (process.argv[2] === '--speed') speedChild(process.argv[3]!);
  if (process.argv[2] === '--heap') heapChild(process.argv[3]!);
}
