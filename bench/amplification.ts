/**
 * BENCH_ONLY=amplification: the engine work a point buys (issue 41, item 5). Tasks go through the
 * real server (upload, start, the queue, the run with its brief, batches, condensing and terms
 * pass, completion and capture) against amplification-engine.ts, a local OpenAI-compatible engine
 * in its own process that counts the calls and the prompt bytes it is sent. A normal task (the
 * first 20 minutes of a dialogue film, default options) is the baseline; each worst case a user
 * can choose is weighed against it: engine calls per point of the task's price and prompt bytes
 * per point (a task that fails is charged nothing: its work is weighed against the price it held).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Brief, GlossaryEntry, SeriesMemory, Task } from '@subtrans/contract';
import { formatSrtTime, parseSrt, type Cue } from '@subtrans/subtitles';
import { startTestApp, type TestApp } from '../apps/server/test/harness.js';
import { grantPoints, uploadSrt } from '../apps/server/test/support/tasks.js';
import type { EngineStats } from './amplification-engine.js';
import type { Figure } from './ledger.js';
import { forkServer, ROOT } from './support.js';

const KEY = 'bench-key';
const REFUSED = '§';

/** The i-th of 20,000 distinct CJK characters (a term, a name or a one-character line). */
const han = (i: number) => String.fromCodePoint(0x4e00 + (i % 20_000));

const srtOf = (cues: readonly Pick<Cue, 'startMs' | 'endMs' | 'text'>[]) =>
  cues
    .map((c, i) => `${i + 1}\n${formatSrtTime(c.startMs)} --> ${formatSrtTime(c.endMs)}\n${c.text}\n`)
    .join('\n');

/** The first `minutes` of a quality-corpus film. */
function filmOf(file: string, minutes: number): Cue[] {
  const cues = parseSrt(readFileSync(path.join(ROOT, 'bench/quality-corpus', file), 'utf8'));
  return cues.filter((c) => c.endMs <= minutes * 60_000);
}

/** `count` cues of `text(i)`, 50 ms apart inside the first minute (or all at 0 with `zero`). */
function denseCues(count: number, text: (i: number) => string, zero = false) {
  return Array.from({ length: count }, (_, i) => {
    const start = zero ? 0 : Math.floor((i * 59_000) / count);
    return { startMs: start, endMs: zero ? 0 : start + 40, text: text(i) };
  });
}

interface Scenario {
  name: string;
  srt: string;
  source: string;
  target: string;
  batchSize?: number;
  /** /task/create's voice fields */
  fields?: Record<string, string>;
  /** glossaries the task uses (created for the user first) */
  glossaries?: GlossaryEntry[][];
  /** a series with this memory */
  memory?: SeriesMemory;
  /** review the brief and go on with this one */
  brief?: Brief;
  /** the baseline, or a typical film shown beside it (not a worst case) */
  kind: 'normal' | 'typical' | 'worst';
}

const entry = (source: string, target: string, note: string): GlossaryEntry => ({
  source,
  target,
  note,
  keep: false,
  caseSensitive: false,
});

function scenarios(): Scenario[] {
  const film = filmOf('en-dialogue-1.srt', 20);
  const tiny = denseCues(1000, han);
  // 5 glossaries of 2,000 one-character terms, each line 20 of them (every character a term)
  const glossaries = Array.from({ length: 5 }, (_, g) =>
    Array.from({ length: 2000 }, (_, k) => entry(han(g * 2000 + k), 'T'.repeat(100), 'N'.repeat(200))),
  );
  const termLines = denseCues(500, (i) => Array.from({ length: 20 }, (_, k) => han(i * 20 + k)).join(''));
  const note = '请'.repeat(500);
  const fullBrief: Brief = {
    synopsis: '故'.repeat(1500),
    register: '语'.repeat(300),
    characters: Array.from({ length: 100 }, (_, i) => ({
      name: han(i),
      target: 'C'.repeat(100),
      gender: 'unknown' as const,
      address: 'A'.repeat(200),
    })),
    terms: Array.from({ length: 500 }, (_, i) => ({
      source: han(100 + i),
      target: 'T'.repeat(200),
      note: 'N'.repeat(300),
    })),
  };
  const memory: SeriesMemory = { characters: fullBrief.characters, terms: fullBrief.terms };
  return [
    {
      name: 'normal: 20-minute dialogue film, default options',
      srt: srtOf(film),
      source: 'en',
      target: 'zh-CN',
      kind: 'normal',
    },
    {
      name: 'typical: 23-minute fast-speech film (700 cues)',
      srt: readFileSync(path.join(ROOT, 'bench/quality-corpus/en-fast-2.srt'), 'utf8'),
      source: 'en',
      target: 'ja',
      kind: 'typical',
    },
    {
      name: '1,000 one-character cues in a minute, batch size 1',
      srt: srtOf(tiny),
      source: 'zh-CN',
      target: 'en',
      batchSize: 1,
      kind: 'worst',
    },
    {
      name: '1,000 one-character cues in a minute, default batch',
      srt: srtOf(tiny),
      source: 'zh-CN',
      target: 'en',
      kind: 'worst',
    },
    {
      name: '200 cues of 500 characters at 0:00, batch size 1',
      srt: srtOf(denseCues(200, (i) => han(i).repeat(500), true)),
      source: 'zh-CN',
      target: 'en',
      batchSize: 1,
      kind: 'worst',
    },
    {
      name: '10,000 glossary terms, 20 in every line (500 cues)',
      srt: srtOf(termLines),
      source: 'zh-CN',
      target: 'en',
      glossaries,
      kind: 'worst',
    },
    {
      name: 'note, formality and a brief at their limits, 1,000 tiny cues, batch size 1',
      srt: srtOf(tiny),
      source: 'zh-CN',
      target: 'en',
      batchSize: 1,
      fields: { formality: 'formal', translatorNote: note, reviewTerms: 'true' },
      brief: fullBrief,
      kind: 'worst',
    },
    {
      name: 'series memory at its limits, 1,000 tiny cues',
      srt: srtOf(tiny),
      source: 'zh-CN',
      target: 'en',
      memory,
      kind: 'worst',
    },
    {
      name: 'the film with 1 line in 50 refused (batches halve)',
      srt: srtOf(film.map((c, i) => (i % 50 === 7 ? { ...c, text: `${c.text} ${REFUSED}` } : c))),
      source: 'en',
      target: 'zh-CN',
      kind: 'worst',
    },
    {
      name: 'the film with 1 line in 5 refused (batches halve), batch size 5',
      srt: srtOf(film.map((c, i) => (i % 5 === 2 ? { ...c, text: `${c.text} ${REFUSED}` } : c))),
      source: 'en',
      target: 'zh-CN',
      batchSize: 5,
      kind: 'worst',
    },
  ];
}

interface Outcome {
  status: string;
  /** lines that kept their original text */
  kept: number;
  /** the task's price (a failed task holds it while it runs and is charged nothing) */
  points: number;
  cues: number;
  stats: EngineStats;
  ms: number;
}

async function runScenario(
  t: TestApp,
  engine: Awaited<ReturnType<typeof forkServer>>,
  s: Scenario,
): Promise<Outcome> {
  const u = await t.signUp();
  await grantPoints(t, u.id, 1_000_000);
  const as = { as: u.token };
  const json = async <T>(url: string, body: unknown): Promise<T> => {
    const res = (await t.post(url, body, as)).json<{ code: number; msg: string; data: T }>();
    if (res.code !== 20000) throw new Error(`${url}: ${res.code} ${res.msg}`);
    return res.data;
  };
  const fields: Record<string, string> = {
    originalLanguage: s.source,
    targetLanguage: s.target,
    ...s.fields,
  };
  const ids: string[] = [];
  for (const [g, entries] of (s.glossaries ?? []).entries()) {
    const saved = await json<{ id: string }>('/glossary/save', {
      name: `bench ${g}`,
      sourceLanguage: s.source,
      targetLanguage: s.target,
      entries,
    });
    ids.push(saved.id);
  }
  if (ids.length) fields.glossaryIds = ids.join(',');
  if (s.memory) {
    const series = await json<{ id: string }>('/series/save', {
      name: 'bench series',
      sourceLanguage: s.source,
      targetLanguage: s.target,
      memory: s.memory,
    });
    fields.seriesId = series.id;
  }
  const created = (await uploadSrt(t, u.token, { name: 'bench.srt', data: s.srt }, fields)).json<{
    code: number;
    msg: string;
    data: Task;
  }>();
  if (created.code !== 20000) throw new Error(`create: ${created.code} ${created.msg}`);
  const id = created.data.id;
  await engine.ask('reset');
  const began = Date.now();
  await json('/task/start', { id, ...(s.batchSize ? { batchSize: s.batchSize } : {}) });
  let continued = false;
  for (;;) {
    const [row] = await t.ctx.db.query<{ status: string; awaiting_review: boolean }>(
      `SELECT status, awaiting_review FROM tasks WHERE id = $1`,
      [id],
    );
    if (row?.awaiting_review && !continued && s.brief) {
      await json('/task/continue', { id, brief: s.brief });
      continued = true;
    }
    if (row?.status === 'completed' || row?.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = Date.now() - began;
  const task = await json<Task>('/task/get', { id });
  return {
    status: task.status,
    kept: task.keptOriginal,
    points: task.estimatedPoints,
    cues: task.segmentCount,
    stats: await engine.ask<EngineStats>('stats'),
    ms,
  };
}

const round = (n: number, digits = 3) => Number(n.toPrecision(digits));

export async function benchAmplification(): Promise<Figure[]> {
  const engine = await forkServer('amplification-engine.ts', { BENCH_ENGINE_KEY: KEY });
  const t = await startTestApp({
    queue: true,
    env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url },
  });
  const figures: Figure[] = [];
  try {
    const rows: { s: Scenario; o: Outcome; calls: number; bytes: number }[] = [];
    // BENCH_AMPLIFICATION_CASES: only the cases whose name holds one of these (comma-separated)
    const only = process.env.BENCH_AMPLIFICATION_CASES?.split(',').map((c) => c.trim());
    const chosen = scenarios().filter(
      (s) => s.kind === 'normal' || !only || only.some((c) => s.name.includes(c)),
    );
    for (const s of chosen) {
      const o = await runScenario(t, engine, s);
      const calls = o.points ? o.stats.calls / o.points : Infinity;
      const bytes = o.points ? o.stats.bytes / o.points : Infinity;
      rows.push({ s, o, calls, bytes });
      const k = o.stats.byKind;
      console.error(
        `amplification: ${s.name}: ${o.status}, ${o.cues} cues (${o.kept} kept their original), ${o.points} points, ` +
          `${o.stats.calls} calls (translate ${k.translate.calls} of ${k.translate.lines} lines, condense ${k.condense.calls} of ${k.condense.lines}, brief ${k.brief.calls}), ` +
          `${(o.stats.bytes / 1e6).toFixed(2)} MB of prompts (translate ${(k.translate.bytes / 1e6).toFixed(2)}, ` +
          `condense ${(k.condense.bytes / 1e6).toFixed(2)}, brief ${(k.brief.bytes / 1e6).toFixed(2)}); ` +
          `${round(calls)} calls and ${Math.round(bytes)} bytes a point; ${o.ms} ms`,
      );
    }
    const normal = rows.find((r) => r.s.kind === 'normal')!;
    figures.push({
      name: `amplification: ${normal.s.name} (${normal.o.cues} cues, ${normal.o.points} points)`,
      value: round(normal.calls),
      unit: 'calls/point',
      baseline: null,
      baselineValue: null,
      ratio: null,
    });
    figures.push({
      name: `amplification: the same, prompt bytes`,
      value: Math.round(normal.bytes),
      unit: 'bytes/point',
      baseline: null,
      baselineValue: null,
      ratio: null,
    });
    for (const r of rows.filter((x) => x !== normal)) {
      const ended = r.o.status === 'completed' ? '' : `, ${r.o.status}: nothing charged`;
      const label = `amplification: ${r.s.name} (${r.o.points} points${ended})`;
      const goal = r.s.kind === 'worst' ? '≤ 2×' : undefined;
      figures.push(
        {
          name: `${label}: calls`,
          value: round(r.calls),
          unit: 'calls/point',
          baseline: 'normal task',
          baselineValue: round(normal.calls),
          ratio: round(r.calls / normal.calls),
          ...(goal ? { goal } : {}),
        },
        {
          name: `${label}: prompt bytes`,
          value: Math.round(r.bytes),
          unit: 'bytes/point',
          baseline: 'normal task',
          baselineValue: Math.round(normal.bytes),
          ratio: round(r.bytes / normal.bytes),
          ...(goal ? { goal } : {}),
        },
      );
    }
    const worst = rows.filter((r) => r.s.kind === 'worst');
    const most = (of: (r: (typeof rows)[number]) => number) => worst.reduce((m, r) => Math.max(m, of(r)), 0);
    figures.push(
      {
        name: 'amplification: worst case ÷ normal, calls per point',
        value: round(most((r) => r.calls)),
        unit: 'calls/point',
        baseline: 'normal task',
        baselineValue: round(normal.calls),
        ratio: round(most((r) => r.calls) / normal.calls),
        goal: '≤ 2×',
      },
      {
        name: 'amplification: worst case ÷ normal, prompt bytes per point',
        value: Math.round(most((r) => r.bytes)),
        unit: 'bytes/point',
        baseline: 'normal task',
        baselineValue: Math.round(normal.bytes),
        ratio: round(most((r) => r.bytes) / normal.bytes),
        goal: '≤ 2×',
      },
    );
  } finally {
    await t.close();
    engine.child.kill();
  }
  return figures;
}
