/**
 * Issue 37's figures (BENCH_ONLY=formats): every subtitle format in, every encoding, ASS kept whole.
 *
 * - Encoding detection: each file of bench/encoding-corpus read by decodeSubtitleBytes, right when
 *   its text is the text the file was made from (bench/encoding-figures.ts).
 * - ASS round trip: each file of bench/ass-corpus written again by rewriteAss with every event
 *   translated, byte-identical outside the Text fields (bench/ass-round-trip.ts).
 * - Parse speed per format: a ~5 MB WebVTT, ASS, SBV, TTML and MicroDVD file (bench/format-files.ts)
 *   through readSubtitles against the npm parsers of that format (bench/format-contenders.ts), MB/s
 *   of the file's size (10^6 bytes) for each, the median of RUNS runs after WARMUP, in a child
 *   process per format started with --expose-gc: one run of every contender per round, a full GC
 *   before each run, as the SRT figures are timed (bench/subtitles.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchAssRoundTrip } from './ass-round-trip.js';
import { benchEncodings } from './encoding-figures.js';
import { FORMAT_CONTENDERS, OURS } from './format-contenders.js';
import { FORMAT_FILES, type FormatFile } from './format-files.js';
import type { Figure } from './ledger.js';

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '..');
// the parse that counts each contender's cues warms it too; slow libraries (imsc, webvtt-parser)
// take most of the part's time, so one more warm-up round is enough
const WARMUP = 1;
const RUNS = 5;
const MB = 1_000_000;

const FORMAT_NAMES: Record<FormatFile['format'], string> = {
  vtt: 'WebVTT',
  ass: 'ASS',
  sbv: 'SBV',
  ttml: 'TTML',
  microdvd: 'MicroDVD',
};

interface Speed {
  name: string;
  mbps: number;
  /** cues found by a parse outside the timed runs; a message when it throws */
  cues: number | string;
}

interface FormatSpeeds {
  format: FormatFile['format'];
  bytes: number;
  cues: number;
  speeds: Speed[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** In a child started with --expose-gc: every contender of `format` on its generated file. */
function speedChild(format: FormatFile['format']) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const file = FORMAT_FILES[format]();
  const bytes = new Uint8Array(Buffer.from(file.text));
  const contenders = FORMAT_CONTENDERS[format];
  const counted = contenders.map((c) => {
    try {
      return c.count(c.parse(bytes));
    } catch (e) {
      return `throws (${String(e).slice(0, 80)})`;
    }
  });
  const live = contenders.filter((_, i) => typeof counted[i] === 'number');
  const times = live.map(() => [] as number[]);
  for (let round = 0; round < WARMUP + RUNS; round += 1) {
    live.forEach((c, i) => {
      gc();
      const started = performance.now();
      c.parse(bytes);
      if (round >= WARMUP) times[i]!.push(performance.now() - started);
    });
  }
  const speeds = contenders.map((c, i): Speed => {
    const at = live.indexOf(c);
    const mbps = at < 0 ? 0 : Number((bytes.length / MB / (median(times[at]!) / 1000)).toFixed(1));
    return { name: c.name, mbps, cues: counted[i]! };
  });
  const result: FormatSpeeds = { format, bytes: bytes.length, cues: file.cues, speeds };
  process.stdout.write(JSON.stringify(result));
}

function child(format: FormatFile['format']): FormatSpeeds {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', HERE, '--speed', format], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${format} speed measurement failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as FormatSpeeds;
}

function benchSpeeds(): Figure[] {
  const figures: Figure[] = [];
  const rows: Record<string, string | number>[] = [];
  for (const format of Object.keys(FORMAT_NAMES) as FormatFile['format'][]) {
    const measured = child(format);
    const name = FORMAT_NAMES[format];
    for (const s of measured.speeds) {
      rows.push({ format: name, parser: s.name, 'parse MB/s': s.mbps, cues: s.cues });
      if (typeof s.cues === 'number' && s.cues !== measured.cues) {
        console.warn(`${name}: ${s.name} found ${s.cues} cues, the file has ${measured.cues}`);
      }
    }
    const mine = measured.speeds.find((s) => s.name === OURS)!;
    const libraries = measured.speeds.filter((s) => s.name !== OURS && typeof s.cues === 'number');
    for (const r of libraries) {
      figures.push({
        name: `${format} parse MB/s (${r.name})`,
        value: r.mbps,
        unit: 'MB/s',
        baseline: null,
        baselineValue: null,
        ratio: null,
      });
    }
    if (libraries.length === 0) {
      console.warn(`${name}: no npm parser read the file`);
      continue;
    }
    const best = libraries.reduce((a, b) => (b.mbps > a.mbps ? b : a));
    figures.push({
      name: `${format} parse MB/s, ${(measured.bytes / MB).toFixed(1)} MB, ${measured.cues} cues (ours)`,
      value: mine.mbps,
      unit: 'MB/s',
      baseline: `fastest library: ${best.name}`,
      baselineValue: best.mbps,
      ratio: Number((mine.mbps / best.mbps).toFixed(2)),
      goal: '>= 1x',
    });
  }
  console.log(
    `\nParse speed per format: ~5 MB each, UTF-8; median of ${RUNS} runs after ${WARMUP + 1} warm-up parses`,
  );
  console.table(rows);
  return figures;
}

export function benchFormats(): Figure[] {
  return [...benchEncodings(), ...benchAssRoundTrip(), ...benchSpeeds()];
}

if (path.resolve(process.argv[1] ?? '') === HERE && process.argv[2] === '--speed') {
  speedChild(process.argv[3] as FormatFile['format']);
}
