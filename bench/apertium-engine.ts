/**
 * Issue 36's Apertium goals, on the engine the tasks use (apertiumEngine, batches of 100):
 * - determinism: an English film (bench/quality-corpus) translated on a fresh pipeline, and again
 *   after 10 other films through the same pipeline: cues that differ (goal 0);
 * - keep-terms: lines naming characters whose names Apertium's dictionaries translate (Weasel,
 *   Angel Dust, Hope …), with a glossary keeping them: occurrences kept as written (goal 100 %).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSrt } from '@subtrans/subtitles';
import { apertiumEngine } from '../apps/server/src/engines/translation/apertium.js';
import type { RequestTerm } from '../apps/server/src/engines/translation/engine.js';
import type { Figure } from './ledger.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.join(here, 'quality-corpus');
const OTHERS = 10;

type Engine = ReturnType<typeof apertiumEngine>;

async function translateAll(engine: Engine, lines: string[], terms?: RequestTerm[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 100) {
    const batch = lines.slice(i, i + 100);
    out.push(
      ...(await engine.translate({
        lines: batch,
        context: { before: [], after: [] },
        source: 'en',
        target: 'es',
        ...(terms ? { terms } : {}),
      })),
    );
  }
  return out;
}

/** names that are English words Apertium's eng-spa dictionaries translate */
const NAMES = ['Weasel', 'Angel Dust', 'Wade', 'Hope', 'Grace', 'Lane', 'Rose', 'Frank', 'Will', 'Dawn'];
const FRAMES = [
  '{n}, where are you going?',
  'I told {n} that we would be late.',
  '{n} and I went to the bar last night.',
  'Did you see {n} at the station?',
  'Get out of here, {n}!',
  'Nobody knows where {n} is.',
  'Tell {n} the truth.',
  '{n} is the best doctor in town.',
];

export async function benchApertiumEngine(film: string): Promise<Figure[]> {
  const files = readdirSync(CORPUS).filter((f) => /^en-.*\.srt$/.test(f));
  const linesOf = (text: string) => parseSrt(text).map((c) => c.text);
  const [first, ...rest] = files.map((f) => linesOf(readFileSync(path.join(CORPUS, f), 'utf8')));
  const others = [...rest, linesOf(film)];
  const fresh = apertiumEngine();
  let before: string[];
  try {
    before = await translateAll(fresh, first!);
  } finally {
    await fresh.close?.();
  }
  const used = apertiumEngine();
  let differing = 0;
  let kept = 0;
  let asked = 0;
  try {
    for (let k = 0; k < OTHERS; k += 1) await translateAll(used, others[k % others.length]!);
    const after = await translateAll(used, first!);
    differing = before.filter((line, i) => line !== after[i]).length;

    const lines = NAMES.flatMap((n) => FRAMES.map((f) => f.replace('{n}', n)));
    const terms = NAMES.map((source) => ({ source, target: source, keep: true }));
    const out = await translateAll(used, lines, terms);
    lines.forEach((line, i) => {
      for (const n of NAMES.filter((name) => line.includes(name))) {
        asked += 1;
        if (out[i]!.includes(n)) kept += 1;
      }
    });
  } finally {
    await used.close?.();
  }
  return [
    {
      name: `Apertium: an English film (${before.length} cues) after ${OTHERS} other films, cues differing from a fresh pipeline`,
      value: differing,
      unit: 'cues',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: '0',
    },
    {
      name: `Apertium with a glossary keeping ${NAMES.length} names its dictionaries translate: occurrences kept (${asked})`,
      value: Math.round((kept / asked) * 1000) / 10,
      unit: '%',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: '100 %',
    },
  ];
}
