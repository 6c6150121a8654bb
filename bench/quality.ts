/**
 * BENCH_ONLY=quality: subtitles that fit (issue 25), measured on the quality corpus
 * (bench/quality-corpus, 12 SRT files) translated twice on the same engine in the same run:
 * - "plain": translateAll as before issue 25: no budgets, no sentence groups, no condensing, the
 *   engine's line breaks kept;
 * - "fitted": the product's pipeline as a task runs it (task-run.service.ts): budgets from
 *   fitOf, sentence groups, condensing, each line laid out and flagged by translatedLine.
 * Both through the real OpenAI-compatible adapter against the simulated engine (quality-engine.ts,
 * 300 ms a call, faults planted by quality-sim.ts's rules), at the server's default batch size and
 * concurrency; then the same without condensing through Apertium (English → Spanish) on some of
 * the English files. Plain lines are flagged by the product's flagsOf after the run, for
 * comparison; the fitted pipeline flags its lines inside the run, as a task does.
 */
import { normsFor } from '@subtrans/subtitles';
import { parseEnv } from '../apps/server/src/config/env.js';
import { apertiumEngine } from '../apps/server/src/engines/translation/apertium.js';
import type { TranslationEngine } from '../apps/server/src/engines/translation/engine.js';
import { openAiCompatibleEngine } from '../apps/server/src/engines/translation/openai-compatible.js';
import { translateAll, type PipelineOptions } from '../apps/server/src/engines/translation/pipeline.js';
import {
  fitOf,
  flagsOf,
  translatedLine,
  type LineRules,
} from '../apps/server/src/modules/tasks/segments/line-quality.js';
import type { ReviewFlag } from '@subtrans/subtitles';
import type { Figure } from './ledger.js';
import { pct, summarise, type Outcome, type Summary } from './quality-figures.js';
import {
  FAULTS,
  loadCorpus,
  plantedFaults,
  RULES,
  simOf,
  type CorpusEntry,
  type Fault,
} from './quality-sim.js';
import { forkServer } from './support.js';

const KEY = 'bench-key';
/** cues Apertium translates (twice): at about 16 ms a line, under two minutes for both runs */
const APERTIUM_CUES = Number(process.env.BENCH_QUALITY_APERTIUM_CUES ?? 1600);
/** only these files of the corpus (comma-separated names; all by default), to look at one closely */
const ONLY = process.env.BENCH_QUALITY_FILES?.split(',').map((f) => f.trim());

type Mode = 'plain' | 'fitted';

interface Run {
  outcomes: Outcome[];
  ms: number;
  calls: number;
  condenseCalls: number;
  kept: number;
}

interface Totals {
  outcomes: Outcome[];
  ms: number;
  calls: number;
  condenseCalls: number;
  kept: number;
}

const empty = (): Totals => ({ outcomes: [], ms: 0, calls: 0, condenseCalls: 0, kept: 0 });
const add = (t: Totals, r: Run) => {
  t.outcomes.push(...r.outcomes);
  t.ms += r.ms;
  t.calls += r.calls;
  t.condenseCalls += r.condenseCalls;
  t.kept += r.kept;
};

/** One file through one pipeline. */
async function runFile(
  engine: TranslationEngine,
  file: CorpusEntry,
  target: string,
  mode: Mode,
  planted: (source: string) => Fault[],
): Promise<Run> {
  const env = parseEnv({});
  const segments = file.cues.map((c) => ({ start_ms: c.startMs, end_ms: c.endMs, original_text: c.text }));
  const rules: LineRules = {
    sourceLang: file.spec.source,
    targetLang: target,
    norms: normsFor(target),
    keepEngineBreaks: mode === 'plain',
  };
  const lines = file.cues.map((c) => c.text);
  const texts: string[] = [];
  const flags: ReviewFlag[][] = [];
  const opts: PipelineOptions = {
    // the server's defaults (a task's own batch size aside)
    batchSize: env.TRANSLATE_BATCH_SIZE,
    concurrency: env.TRANSLATE_CONCURRENCY,
    retries: 3,
    retryDelayMs: 1000,
    ...(mode === 'plain'
      ? { sentenceGroups: false }
      : {
          fit: fitOf(segments, rules),
          onLines: async (from, values, kept) => {
            values.forEach((v, i) => {
              const line = translatedLine(segments[from + i]!, v, rules, kept > 0);
              texts[from + i] = line.text;
              flags[from + i] = line.flags;
            });
          },
          // a line over budget comes back as translated first, then shorter
          onCondensed: async (changed) => {
            for (const { index, text } of changed) {
              const line = translatedLine(segments[index]!, text, rules, false);
              texts[index] = line.text;
              flags[index] = line.flags;
            }
          },
        }),
  };
  const started = performance.now();
  const result = await translateAll(engine, lines, { source: file.spec.source, target }, opts);
  const ms = performance.now() - started;
  const outcomes = file.cues.map((c, i): Outcome => {
    const text = mode === 'plain' ? result.translations[i]! : texts[i]!;
    return {
      source: c.text,
      text,
      durationMs: c.endMs - c.startMs,
      target,
      norms: rules.norms,
      flags: mode === 'plain' ? flagsOf(segments[i]!, text, rules) : flags[i]!,
      planted: planted(c.text),
    };
  });
  return {
    outcomes,
    ms,
    calls: result.calls,
    condenseCalls: result.condenseCalls,
    kept: result.keptOriginal,
  };
}

/** Both pipelines over the files, alternating which goes first (the machine's load drifts). */
async function runBoth(
  label: string,
  engine: TranslationEngine,
  files: readonly CorpusEntry[],
  targetOf: (f: CorpusEntry) => string,
  planted: (source: string, target: string) => Fault[],
  engineHooks?: { before: () => Promise<void>; after: (mode: Mode) => Promise<void> },
): Promise<Record<Mode, Totals>> {
  const totals: Record<Mode, Totals> = { plain: empty(), fitted: empty() };
  for (const [k, file] of files.entries()) {
    const target = targetOf(file);
    const order: Mode[] = k % 2 ? ['fitted', 'plain'] : ['plain', 'fitted'];
    const runs = {} as Record<Mode, Run>;
    for (const mode of order) {
      await engineHooks?.before();
      runs[mode] = await runFile(engine, file, target, mode, (s) => planted(s, target));
      add(totals[mode], runs[mode]);
      await engineHooks?.after(mode);
    }
    const line = (m: Mode) => {
      const s = summarise(runs[m].outcomes);
      return `${m} ${pct(s.withinNorms, s.lines)} % in norms, ${runs[m].calls} calls (${runs[m].condenseCalls} condense), ${Math.round(runs[m].ms)} ms`;
    };
    console.error(`quality ${label}: ${file.spec.file} → ${target}: ${line('plain')}; ${line('fitted')}`);
  }
  return totals;
}

const n = (v: number) => v.toLocaleString('en-US');

function figuresOf(label: string, t: Record<Mode, Totals>, withFaults: boolean): Figure[] {
  const fitted = summarise(t.fitted.outcomes);
  const plain = summarise(t.plain.outcomes);
  for (const [kind, list] of Object.entries(fitted.examples)) {
    console.error(`quality ${label}, fitted, ${kind}:\n  ${list.join('\n  ')}`);
  }
  const share = (s: Summary, part: number) => pct(part, s.lines);
  const outside = fitted.lines - fitted.withinNorms;
  console.error(
    `quality ${label}, fitted: ${outside} cues out of norms, ${fitted.outOfNormsSourceLanguage} of them planted in the source language`,
  );
  const figures: Figure[] = [
    {
      name: `quality ${label}: cues within the target's norms (${n(fitted.lines)} cues)`,
      value: share(fitted, fitted.withinNorms),
      unit: '%',
      baseline: 'plain pipeline',
      baselineValue: share(plain, plain.withinNorms),
      ratio: null,
      ...(withFaults ? { goal: '≥ 95 %' } : {}),
    },
  ];
  if (withFaults) {
    for (const f of FAULTS) {
      const p = fitted.planted[f];
      figures.push({
        name: `quality ${label}: planted ${f} flagged (${p.n} lines${f === 'wrong-script' ? ', detectable' : ''})`,
        value: pct(p.flagged, p.n),
        unit: '%',
        baseline: 'plain pipeline',
        baselineValue: pct(plain.planted[f].flagged, plain.planted[f].n),
        ratio: null,
        goal: '100 %',
      });
    }
  }
  figures.push(
    {
      name: `quality ${label}: clean lines flagged (${n(fitted.clean)} lines)`,
      value: pct(fitted.cleanFlagged, fitted.clean),
      unit: '%',
      baseline: 'plain pipeline',
      baselineValue: pct(plain.cleanFlagged, plain.clean),
      ratio: null,
      ...(withFaults ? { goal: '≤ 2 %' } : {}),
    },
    {
      name: `quality ${label}: clean lines over budget (flagged so, rightly)`,
      value: pct(fitted.cleanOverBudget, fitted.clean),
      unit: '%',
      baseline: 'plain pipeline',
      baselineValue: pct(plain.cleanOverBudget, plain.clean),
      ratio: null,
    },
    {
      name: `quality ${label}: lines over cpl where a legal layout exists`,
      value: fitted.overCplFixable,
      unit: 'lines',
      baseline: 'plain pipeline',
      baselineValue: plain.overCplFixable,
      ratio: null,
      goal: '0',
    },
    {
      name: `quality ${label}: engine calls (${n(t.fitted.condenseCalls)} to condense)`,
      value: t.fitted.calls,
      unit: 'calls',
      baseline: 'plain pipeline',
      baselineValue: t.plain.calls,
      ratio: Math.round((t.fitted.calls / t.plain.calls) * 100) / 100,
      goal: '≤ 1.4×',
    },
    {
      name: `quality ${label}: wall time`,
      value: Math.round(t.fitted.ms),
      unit: 'ms',
      baseline: 'plain pipeline',
      baselineValue: Math.round(t.plain.ms),
      ratio: Math.round((t.fitted.ms / t.plain.ms) * 100) / 100,
      goal: '≤ 1.5×',
    },
  );
  if (t.fitted.kept || t.plain.kept)
    console.error(`quality ${label}: kept originals ${t.plain.kept} / ${t.fitted.kept}`);
  return figures;
}

export async function benchQuality(): Promise<Figure[]> {
  const corpus = loadCorpus();
  const sim = simOf(corpus);
  const server = await forkServer('quality-engine.ts', {
    BENCH_ENGINE_KEY: KEY,
    BENCH_ENGINE_LATENCY_MS: String(RULES.latencyMs),
  });
  const figures: Figure[] = [];
  try {
    const engine = openAiCompatibleEngine({
      name: 'simulated',
      baseUrl: server.url,
      apiKey: KEY,
      model: 'bench',
    });
    // what the engine was sent, summed per pipeline (a check that budgets and groups arrive)
    const seen: Record<Mode, Record<string, number>> = { plain: {}, fitted: {} };
    const totals = await runBoth(
      'simulated engine',
      engine,
      corpus.filter((f) => !ONLY || ONLY.includes(f.spec.file)),
      (f) => f.spec.target,
      (s, target) => plantedFaults(s, target, sim),
      {
        before: async () => void (await server.ask('reset')),
        after: async (mode) => {
          for (const [k, v] of Object.entries(await server.ask<Record<string, number>>('stats')))
            seen[mode][k] = (seen[mode][k] ?? 0) + v;
        },
      },
    );
    for (const mode of ['plain', 'fitted'] as const)
      console.error(`quality simulated engine, ${mode}, the engine saw: ${JSON.stringify(seen[mode])}`);
    figures.push(...figuresOf('simulated engine', totals, true));
  } finally {
    server.child.kill();
  }
  // Apertium: English files (dialogue, documentary, fast speech) up to APERTIUM_CUES
  const english: CorpusEntry[] = [];
  let cues = 0;
  for (const f of [...corpus].reverse().filter((c) => !ONLY || ONLY.includes(c.spec.file))) {
    if (f.spec.source !== 'en' || cues + f.cues.length > APERTIUM_CUES) continue;
    english.unshift(f);
    cues += f.cues.length;
  }
  if (!english.length) return figures;
  console.error(`quality Apertium: ${english.map((f) => f.spec.file).join(', ')} (${cues} cues)`);
  const apertium = await runBoth(
    'Apertium en→es',
    apertiumEngine(),
    english,
    () => 'es',
    () => [],
  );
  figures.push(...figuresOf('Apertium en→es', apertium, false));
  return figures;
}
