/**
 * BENCH_ONLY=voice: one voice from the first minute to the last (issue 26), measured on the voice
 * corpus (bench/voice-corpus: 6 films and a 3-episode series) translated twice on the same
 * simulated engine in the same run:
 * - "plain": translateAll with no extras (no brief, no terms);
 * - "voice": what a task does (task-run.service.ts, brief-step.ts, terms-retry.ts): the film brief
 *   (writeBrief, the series' memory laid over it by withMemory), each batch's extras
 *   (batchExtrasOf, termExtrasFor with the film's glossary), the terms pass (termsPass) and each
 *   line laid out and flagged by translatedLine ('term-missing'); the series' episodes in order,
 *   its memory learning what each brief adds (newMemoryEntries, mergeMemory).
 * Both through the real OpenAI-compatible adapter against voice-engine.ts (300 ms a call, the
 * rules of voice-sim.ts), at the server's default batch size and concurrency. Budgets and
 * condensing (issue 25) are left out of both: they are the quality bench's.
 */
import type { GlossaryEntry, SeriesMemory } from '@subtrans/contract';
import { normsFor, TermMatcher, type ReviewFlag } from '@subtrans/subtitles';
import { parseEnv } from '../apps/server/src/config/env.js';
import { newMemoryEntries, withMemory } from '../apps/server/src/engines/translation/brief-merge.js';
import { writeBrief } from '../apps/server/src/engines/translation/brief.js';
import { countCalls } from '../apps/server/src/engines/translation/call-count.js';
import type { TranslationEngine } from '../apps/server/src/engines/translation/engine.js';
import { openAiCompatibleEngine } from '../apps/server/src/engines/translation/openai-compatible.js';
import { translateAll } from '../apps/server/src/engines/translation/pipeline.js';
import { termsPass } from '../apps/server/src/engines/translation/terms-pass.js';
import { mergeMemory } from '../apps/server/src/modules/series/series-memory.js';
import { batchExtrasOf } from '../apps/server/src/modules/tasks/batch-extras.js';
import { BRIEF_RETRIES, BRIEF_RETRY_DELAY_MS } from '../apps/server/src/modules/tasks/brief/brief-step.js';
import { occursIn } from '../apps/server/src/modules/tasks/brief/brief-terms.js';
import { translatedLine, type LineRules } from '../apps/server/src/modules/tasks/segments/line-quality.js';
import {
  termExtrasFor,
  termsOfTask,
  type TaskTerms,
} from '../apps/server/src/modules/tasks/run/task-terms.js';
import type { Figure } from './ledger.js';
import { pct } from './quality-figures.js';
import { forkServer } from './support.js';
import {
  acrossEpisodes,
  glossaryLines,
  oneWay,
  renderingsIn,
  type Output,
  type Renderings,
} from './voice-figures.js';
import { loadVoiceCorpus, renderingsOf, RULES, type Film } from './voice-sim.js';
import { ENTITIES } from './voice-corpus/entities.js';

const KEY = 'bench-key';
/** the film whose brief calls are weighed against its task's (issue 26: 1,000 cues) */
const BRIEF_FILM = 'en-manor.srt';
/** what a user might tell the translator (sent with every batch; the engine ignores it) */
const VOICE = {
  formality: 'source' as const,
  translatorNote: 'Keep the characters’ names as the brief gives them.',
};

type Mode = 'plain' | 'voice';

interface Run extends Output {
  ms: number;
  calls: number;
  briefCalls: number;
  termsAsked: number;
  /** where the voice pipeline's time went: the brief, the batches, the terms pass (ms) */
  phases?: [number, number, number];
}

/** The user's glossary of a film: each entry asks for the first of the engine's renderings. */
function glossaryEntriesOf(film: Film): GlossaryEntry[] {
  const entities = ENTITIES[film.spec.source];
  return film.spec.glossary.map((source) => ({
    source,
    target: renderingsOf(
      film,
      entities.find((e) => e.source === source)!,
    )[0],
    note: '',
    keep: false,
    caseSensitive: false,
  }));
}

export const glossaryOf = (film: Film) => new TermMatcher(glossaryEntriesOf(film));

const env = parseEnv({});
const PIPELINE = {
  // the server's defaults (a task's own batch size aside), and a task's retries (SPEC §8)
  batchSize: env.TRANSLATE_BATCH_SIZE,
  concurrency: env.TRANSLATE_CONCURRENCY,
  retries: 3,
  retryDelayMs: 1000,
};

/** A film as a task ran it before issue 26: each line laid out and flagged, no brief, no terms. */
async function runPlain(engine: TranslationEngine, film: Film): Promise<Run> {
  const lines = film.cues.map((c) => c.text);
  const rules = rulesOf(film, null);
  const texts: string[] = [];
  const flags: ReviewFlag[][] = [];
  const started = performance.now();
  const result = await translateAll(engine, lines, film.spec, {
    ...PIPELINE,
    onLines: async (from, values, kept) => {
      values.forEach((v, i) => {
        const line = translatedLine(segmentOf(film, from + i), v, rules, kept > 0);
        texts[from + i] = line.text;
        flags[from + i] = line.flags;
      });
    },
  });
  const ms = performance.now() - started;
  return { film, texts, flags, ms, calls: result.calls, briefCalls: 0, termsAsked: 0 };
}

const segmentOf = (film: Film, i: number) => {
  const c = film.cues[i]!;
  return { start_ms: c.startMs, end_ms: c.endMs, original_text: c.text };
};

const rulesOf = (film: Film, terms: TaskTerms | null): LineRules => ({
  sourceLang: film.spec.source,
  targetLang: film.spec.target,
  norms: normsFor(film.spec.target),
  keepEngineBreaks: false,
  terms,
});

/** A film as a task runs it; `memory` is its series' memory (null: no series), updated. */
async function runVoice(
  engine: TranslationEngine,
  film: Film,
  series: { memory: SeriesMemory } | null,
): Promise<Run> {
  const lines = film.cues.map((c) => c.text);
  const languages = { source: film.spec.source, target: film.spec.target };
  const counted = countCalls(engine);
  const texts: string[] = [];
  const flags: ReviewFlag[][] = [];
  const started = performance.now();
  const at: number[] = [];
  // briefStep
  const memory = series?.memory ?? null;
  const written = await writeBrief(counted.engine, lines, {
    ...languages,
    known: memory,
    concurrency: env.TRANSLATE_CONCURRENCY,
    retries: BRIEF_RETRIES,
    retryDelayMs: BRIEF_RETRY_DELAY_MS,
  });
  const brief = written.brief && withMemory(written.brief, memory, occursIn(lines));
  // as taskTermsOf reads them after the brief step: the glossary's, the brief's, the memory's
  const rules = rulesOf(film, termsOfTask(glossaryEntriesOf(film), brief, memory));
  at.push(performance.now() - started);
  // runTranslation
  const stored = new Map<number, string>();
  await translateAll(counted.engine, lines, languages, {
    ...PIPELINE,
    extrasFor: termExtrasFor(rules.terms, lines, batchExtrasOf(brief, VOICE, lines)),
    onLines: async (from, values, kept) => {
      values.forEach((v, i) => {
        const line = translatedLine(segmentOf(film, from + i), v, rules, kept > 0);
        texts[from + i] = line.text;
        flags[from + i] = line.flags;
        stored.set(from + i, line.text);
      });
    },
  });
  at.push(performance.now() - started);
  // askAgainForTerms
  let termsAsked = 0;
  if (rules.terms) {
    const pass = await termsPass(
      counted.engine,
      {
        lines,
        translations: stored,
        candidates: [...stored.keys()],
        matcher: rules.terms,
        // as askAgainForTerms, with briefStep's extrasOver
        extrasOf: (asked) => termExtrasFor(rules.terms, asked, batchExtrasOf(brief, VOICE, asked)),
      },
      languages,
      PIPELINE,
    );
    termsAsked = pass.asked;
    for (const [i, text] of pass.replaced) {
      const line = translatedLine(segmentOf(film, i), text, rules, false);
      texts[i] = line.text;
      flags[i] = line.flags;
    }
  }
  const ms = performance.now() - started;
  const [b, t] = at as [number, number];
  if (series && brief) series.memory = mergeMemory(series.memory, newMemoryEntries(series.memory, brief));
  return {
    film,
    texts,
    flags,
    ms,
    calls: written.calls + counted.take(),
    briefCalls: written.calls,
    termsAsked,
    phases: [Math.round(b), Math.round(t - b), Math.round(ms - t)],
  };
}

const n = (v: number) => v.toLocaleString('en-US');
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

/** A figure with its goal, marked ✗ when it misses it. */
function goal(f: Omit<Figure, 'goal'>, text: string, met: boolean): Figure {
  return { ...f, goal: met ? text : `${text} ✗` };
}

function oneWayFigure(name: string, voice: Renderings, plain: Renderings): Figure {
  const v = oneWay(voice);
  const p = oneWay(plain);
  for (const w of v.worst) console.error(`voice ${name}, more than one way: ${w}`);
  const value = pct(v.consistent, v.names);
  return goal(
    {
      name: `${name} (${v.names} names)`,
      value,
      unit: '%',
      baseline: 'plain pipeline',
      baselineValue: pct(p.consistent, p.names),
      ratio: null,
    },
    '100 %',
    v.consistent === v.names,
  );
}

export async function benchVoice(): Promise<Figure[]> {
  const corpus = loadVoiceCorpus();
  const server = await forkServer('voice-engine.ts', {
    BENCH_ENGINE_KEY: KEY,
    BENCH_ENGINE_LATENCY_MS: String(RULES.latencyMs),
  });
  const runs: Record<Mode, Run[]> = { plain: [], voice: [] };
  const series = { memory: { characters: [], terms: [] } as SeriesMemory };
  try {
    const engine = openAiCompatibleEngine({
      name: 'simulated',
      baseUrl: server.url,
      apiKey: KEY,
      model: 'bench',
    });
    // unmeasured: both pipelines once over part of a film, so that neither pays the first run's
    // compilation and connection set-up (the first film's plain side would, going first)
    const warm = { ...corpus[0]!, cues: corpus[0]!.cues.slice(0, 200) };
    await server.ask(`film:${warm.spec.file}`);
    await runPlain(engine, warm);
    await runVoice(engine, warm, null);
    for (const [k, film] of corpus.entries()) {
      const order: Mode[] = k % 2 ? ['voice', 'plain'] : ['plain', 'voice'];
      const done = {} as Record<Mode, Run>;
      for (const mode of order) {
        await server.ask(`film:${film.spec.file}`);
        done[mode] =
          mode === 'plain'
            ? await runPlain(engine, film)
            : await runVoice(engine, film, film.spec.episode ? series : null);
        runs[mode].push(done[mode]);
        console.error(
          `voice ${film.spec.file} ${mode}: the engine saw ${JSON.stringify(await server.ask('stats'))}`,
        );
      }
      const line = (m: Mode) => {
        const r = done[m];
        const w = oneWay(renderingsIn(r, true));
        return `${m} ${w.consistent}/${w.names} one way, ${r.calls} calls (${r.briefCalls} brief), ${Math.round(r.ms)} ms`;
      };
      console.error(
        `voice ${film.spec.file} (${film.cues.length} cues): ${line('plain')}; ${line('voice')}; ${done.voice.termsAsked} asked again; voice's brief / batches / terms pass: ${done.voice.phases!.join(' / ')} ms`,
      );
    }
  } finally {
    server.child.kill();
  }
  return figuresOf(runs);
}

function figuresOf(runs: Record<Mode, Run[]>): Figure[] {
  const figures: Figure[] = [];
  const maps = (m: Mode, aside: boolean) => runs[m].map((r) => renderingsIn(r, aside));
  // per film, then pooled (a name counts per film: films are not a series)
  runs.voice.forEach((r, i) =>
    figures.push(
      oneWayFigure(
        `voice: one way in ${r.film.spec.file}`,
        renderingsIn(r, true),
        renderingsIn(runs.plain[i]!, true),
      ),
    ),
  );
  const sum = (ms: Renderings[]) => {
    const all = ms.map(oneWay);
    return {
      names: all.reduce((a, b) => a + b.names, 0),
      consistent: all.reduce((a, b) => a + b.consistent, 0),
    };
  };
  for (const aside of [true, false]) {
    const v = sum(maps('voice', aside));
    const p = sum(maps('plain', aside));
    const f: Omit<Figure, 'goal'> = {
      name: `voice: names one way throughout a film, all films (${v.names} names${aside ? ', lines flagged term-missing aside' : ', every line'})`,
      value: pct(v.consistent, v.names),
      unit: '%',
      baseline: 'plain pipeline',
      baselineValue: pct(p.consistent, p.names),
      ratio: null,
    };
    figures.push(aside ? goal(f, '100 %', v.consistent === v.names) : f);
  }
  const episodes = (m: Mode) => runs[m].filter((r) => r.film.spec.episode).map((r) => renderingsIn(r, true));
  figures.push(
    oneWayFigure(
      'voice: names one way across the 3 episodes',
      acrossEpisodes(episodes('voice')),
      acrossEpisodes(episodes('plain')),
    ),
  );
  const gl = (m: Mode) =>
    runs[m].reduce(
      (t, r) => {
        const g = r.film.spec.glossary.length
          ? glossaryLines(r, glossaryOf(r.film))
          : { lines: 0, carried: 0, flagged: 0 };
        return { lines: t.lines + g.lines, carried: t.carried + g.carried, flagged: t.flagged + g.flagged };
      },
      { lines: 0, carried: 0, flagged: 0 },
    );
  const gv = gl('voice');
  const gp = gl('plain');
  figures.push(
    goal(
      {
        name: `voice: glossary lines carrying the term or flagged (${n(gv.lines)} lines, ${n(gv.flagged)} flagged)`,
        value: pct(gv.carried + gv.flagged, gv.lines),
        unit: '%',
        baseline: 'plain pipeline',
        baselineValue: pct(gp.carried + gp.flagged, gp.lines),
        ratio: null,
      },
      '100 %',
      gv.carried + gv.flagged === gv.lines,
    ),
  );
  const manorAt = runs.voice.findIndex((r) => r.film.spec.file === BRIEF_FILM);
  const manor = runs.voice[manorAt]!;
  const manorPlain = runs.plain[manorAt]!;
  const briefShare = pct(manor.briefCalls, manor.calls);
  figures.push(
    goal(
      {
        name: `voice: brief calls of the task's ${n(manor.calls)} calls, ${n(manor.film.cues.length)}-cue film`,
        value: briefShare,
        unit: '%',
        baseline: null,
        baselineValue: null,
        ratio: null,
      },
      '≤ 5 %',
      briefShare <= 5,
    ),
  );
  const walls: [string, Run[], Run[]][] = [
    [`${n(manor.film.cues.length)}-cue film`, [manor], [manorPlain]],
    ['all films', runs.voice, runs.plain],
  ];
  for (const [label, v, p] of walls) {
    const vm = v.reduce((a, r) => a + r.ms, 0);
    const pm = p.reduce((a, r) => a + r.ms, 0);
    figures.push(
      goal(
        {
          name: `voice: wall time, ${label} (${n(v.reduce((a, r) => a + r.calls, 0))} calls)`,
          value: Math.round(vm),
          unit: 'ms',
          baseline: `plain pipeline (${n(p.reduce((a, r) => a + r.calls, 0))} calls)`,
          baselineValue: Math.round(pm),
          ratio: ratio(vm, pm),
        },
        '≤ 1.15×',
        vm / pm <= 1.15,
      ),
    );
  }
  return figures;
}
