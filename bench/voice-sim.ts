/**
 * The voice bench's simulated engine rules (issue 26), pure and seeded: the engine process
 * (bench/voice-engine.ts) answers with them, and the bench (bench/voice.ts) reads which rendering
 * of each name a translation carries with them.
 *
 * - A line is "translated" as the renderings of the names and terms it holds (entities.ts: the
 *   engine knows its dictionary), in order, then a sentence of the target language's phrase bank.
 * - A name or term is rendered as its pair's translation when the request carries the pair (a
 *   term of "terms", or a character of "brief" with its target name); otherwise as one of its
 *   three renderings, chosen at random per occurrence and per request.
 * - A glossary term given in the request is still missed 30 % of the time (per line and request:
 *   a line naming it twice misses it at both places): one of its other renderings, at random per
 *   occurrence.
 * - Asked for a part's brief, the engine answers the names and terms of the lines it read, each
 *   with a rendering chosen at random per part, or the one "known" gives (a series' memory).
 * The engine is told which film it translates (over IPC, as a provider keeps a conversation), so
 * it knows the film's glossary: which "terms" are the user's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSrt, TermMatcher, type Cue } from '@subtrans/subtitles';
import { instantiate, wordTemplates } from './quality-corpus/bank.js';
import { EN } from './quality-corpus/bank-en.js';
import { JA } from './quality-corpus/bank-ja.js';
import { ZH } from './quality-corpus/bank-zh.js';
import { ENTITIES, type Entity, type TargetLanguage } from './voice-corpus/entities.js';
import { VOICE_CORPUS, type VoiceFile } from './voice-corpus/files.js';
import { chance, hash32, ROOT, seededRandom } from './support.js';

export const RULES = { latencyMs: 300, glossaryMiss: 0.3 } as const;

export interface Film {
  spec: VoiceFile;
  cues: Cue[];
  /** every name and term of the source language (the engine's dictionary) */
  matcher: TermMatcher<{ source: string; target: string; entity: Entity }>;
  /** the user's glossary: source → target (the first rendering) */
  glossary: Map<string, string>;
}

const key = (s: string) => s.normalize('NFKC').trim().toLowerCase();

export const renderingsOf = (film: Film, entity: Entity) => entity.renderings[film.spec.target]!;

export function filmOf(spec: VoiceFile, cues: Cue[]): Film {
  const entities = ENTITIES[spec.source];
  const bySource = new Map(entities.map((e) => [e.source, e]));
  return {
    spec,
    cues,
    matcher: new TermMatcher(entities.map((entity) => ({ source: entity.source, target: '', entity }))),
    glossary: new Map(
      spec.glossary.map((s) => [key(s), bySource.get(s)!.renderings[spec.target]![0]] as const),
    ),
  };
}

export function loadVoiceCorpus(): Film[] {
  const dir = path.join(ROOT, 'bench/voice-corpus');
  return VOICE_CORPUS.map((spec) => filmOf(spec, parseSrt(readFileSync(path.join(dir, spec.file), 'utf8'))));
}

/** The names and terms of a line, in order (a name twice, twice). */
export const entitiesIn = (film: Film, line: string): Entity[] =>
  film.matcher.matches(line).map((m) => m.entry.entity);

const BANKS: Record<TargetLanguage, typeof EN> = { en: EN, 'zh-CN': ZH, ja: JA };

/** A sentence of the target language, seeded per line (the same for every request). */
export function fillerOf(line: string, target: TargetLanguage): string {
  const bank = BANKS[target];
  const templates = wordTemplates(bank);
  const random = seededRandom(hash32(`${line}\u0000${target}`));
  return instantiate(templates[Math.floor(random() * templates.length)]!, bank, random);
}

/** What a request says of a name: the translation it must get, and whether it is the user's. */
export type PairOf = (entity: Entity) => { target: string; glossary: boolean } | undefined;

/** The pairs a translation request carries: its terms, and the brief's characters. */
export function pairsOfRequest(
  film: Film,
  req: {
    terms?: { source: string; target: string }[];
    brief?: { characters?: { name: string; target: string }[] };
  },
): PairOf {
  const pairs = new Map<string, string>();
  for (const c of req.brief?.characters ?? []) if (c.target) pairs.set(key(c.name), c.target);
  for (const t of req.terms ?? []) if (t.target) pairs.set(key(t.source), t.target);
  return (entity) => {
    const target = pairs.get(key(entity.source));
    if (target === undefined) return undefined;
    return { target, glossary: film.glossary.get(key(entity.source)) === target };
  };
}

/** The rendering of the k-th name of a line at the `attempt`-th request of that line (1-based). */
export function renderingFor(
  film: Film,
  line: string,
  k: number,
  entity: Entity,
  pair: ReturnType<PairOf>,
  attempt: number,
): string {
  const all = renderingsOf(film, entity);
  const roll = (what: string) => chance(film.spec.file, line, k, attempt, what);
  if (!pair) return all[Math.floor(roll('pick') * all.length)]!;
  // heeded or missed for the line: a line naming the term twice misses it at both places
  const missed = chance(film.spec.file, line, entity.source, attempt, 'miss') < RULES.glossaryMiss;
  if (!pair.glossary || !missed) return pair.target;
  const others = all.filter((r) => r !== pair.target);
  return others[Math.floor(roll('other') * others.length)]!;
}

/** A line's translation at its `attempt`-th request. */
export function translateLine(film: Film, line: string, pairOf: PairOf, attempt: number): string {
  const names = entitiesIn(film, line).map((e, k) => renderingFor(film, line, k, e, pairOf(e), attempt));
  const filler = fillerOf(line, film.spec.target);
  if (!names.length) return filler;
  if (film.spec.target === 'en') return `${names.join(', ')}, ${filler}`;
  return `${names.join('、')}${film.spec.target === 'ja' ? '、' : '：'}${filler}`;
}

const REGISTER: Record<TargetLanguage, string> = {
  en: 'casual talk between friends',
  'zh-CN': '朋友之间的随意对话',
  ja: '友人同士のくだけた会話',
};

interface Known {
  characters: { name: string; target: string }[];
  terms: { source: string; target: string }[];
}

/** A part's brief as a model answers it: the names and terms of its lines. */
export function briefAnswer(
  film: Film,
  lines: readonly string[],
  part: string,
  maxSynopsis: number,
  known?: Known,
) {
  const fixed = new Map<string, string>();
  for (const c of known?.characters ?? []) if (c.target) fixed.set(key(c.name), c.target);
  for (const t of known?.terms ?? []) if (t.target) fixed.set(key(t.source), t.target);
  const seen = new Map<string, Entity>();
  for (const line of lines) for (const e of entitiesIn(film, line)) seen.set(e.source, e);
  const targetOf = (e: Entity) => {
    const all = renderingsOf(film, e);
    return (
      fixed.get(key(e.source)) ??
      all[Math.floor(chance(film.spec.file, part, e.source, 'brief') * all.length)]!
    );
  };
  const entities = [...seen.values()];
  return {
    synopsis: fillerOf(lines[0] ?? part, film.spec.target).slice(0, maxSynopsis),
    register: REGISTER[film.spec.target],
    characters: entities
      .filter((e) => e.kind === 'character')
      .map((e) => ({ name: e.source, target: targetOf(e), gender: e.gender, address: '' })),
    terms: entities
      .filter((e) => e.kind !== 'character')
      .map((e) => ({ source: e.source, target: targetOf(e), note: '' })),
  };
}

/** Which rendering of `entity` each of its places in `text` carries ('' where none is found). */
export function renderingsFound(film: Film, entity: Entity, text: string, expected: number): string[] {
  const matcher = new TermMatcher(renderingsOf(film, entity).map((r) => ({ source: r, target: '' })));
  const found = matcher.matches(text).map((m) => m.entry.source);
  while (found.length < expected) found.push('');
  return found;
}
