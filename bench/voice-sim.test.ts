import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serialise, TermMatcher } from '@subtrans/subtitles';
import { ROOT } from './support.js';
import { ENTITIES, type SourceLanguage } from './voice-corpus/entities.js';
import { generateVoiceCorpus } from './voice-corpus/generate.js';
import {
  briefAnswer,
  entitiesIn,
  fillerOf,
  loadVoiceCorpus,
  pairsOfRequest,
  renderingFor,
  renderingsOf,
  translateLine,
  type Film,
} from './voice-sim.js';

const corpus = loadVoiceCorpus();
const counts = (film: Film) => {
  const n = new Map<string, number>();
  for (const c of film.cues)
    for (const e of entitiesIn(film, c.text)) n.set(e.source, (n.get(e.source) ?? 0) + 1);
  return n;
};

describe('the voice corpus', () => {
  it('is what the generator writes: 6 films and 3 episodes of 300–1,500 cues, every cue text unique', () => {
    for (const { spec, cues } of generateVoiceCorpus()) {
      const file = readFileSync(path.join(ROOT, 'bench/voice-corpus', spec.file), 'utf8');
      expect(serialise(cues, 'srt', { eol: '\n' })).toBe(file);
      expect(cues.length).toBeGreaterThanOrEqual(300);
      expect(cues.length).toBeLessThanOrEqual(1500);
    }
    expect(corpus.filter((f) => !f.spec.episode).length).toBeGreaterThanOrEqual(6);
    expect(corpus.filter((f) => f.spec.episode).map((f) => f.spec.episode)).toEqual([1, 2, 3]);
    expect(corpus.some((f) => f.cues.length === 1000)).toBe(true);
    expect(new Set(corpus.map((f) => f.spec.source))).toEqual(new Set(['en', 'zh-CN', 'ja']));
    const lines = corpus.flatMap((f) => f.cues.map((c) => c.text));
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('gives each film 10 or more recurring names, its own, and the episodes most of theirs in common', () => {
    for (const film of corpus) {
      const n = counts(film);
      const own = [...film.spec.characters, ...film.spec.places, ...film.spec.things];
      expect([...n.keys()].sort()).toEqual([...own].sort());
      expect([...n.values()].filter((v) => v >= 5).length).toBeGreaterThanOrEqual(10);
      for (const g of film.spec.glossary) expect(own).toContain(g);
    }
    const [e1, e2, e3] = corpus.filter((f) => f.spec.episode).map((f) => new Set(counts(f).keys()));
    expect([...e1!].filter((k) => e2!.has(k) && e3!.has(k)).length).toBeGreaterThanOrEqual(10);
  });
});

describe('the simulated engine’s dictionary', () => {
  it('has renderings that never hold one another, nor occur in the engine’s own filler text', () => {
    for (const lang of Object.keys(ENTITIES) as SourceLanguage[]) {
      for (const target of ['en', 'zh-CN', 'ja'] as const) {
        const all = ENTITIES[lang].flatMap((e) => e.renderings[target] ?? []);
        if (!all.length) continue;
        expect(new Set(all).size).toBe(all.length);
        const matcher = new TermMatcher(all.map((r) => ({ source: r, target: '' })));
        for (const r of all) expect(matcher.matches(r).map((m) => m.entry.source)).toEqual([r]);
        for (const film of corpus.filter((f) => f.spec.source === lang && f.spec.target === target))
          for (const c of film.cues) expect(matcher.matches(fillerOf(c.text, target))).toEqual([]);
      }
    }
  });
});

describe('the simulated engine’s rules', () => {
  const film = corpus[0]!;
  const named = film.cues.map((c) => c.text).filter((l) => entitiesIn(film, l).length > 0);
  const share = (test: (line: string, k: number) => boolean) => {
    let yes = 0;
    let all = 0;
    for (const line of named)
      entitiesIn(film, line).forEach((_, k) => {
        all += 1;
        if (test(line, k)) yes += 1;
      });
    return yes / all;
  };
  const first = (line: string, k: number, pair: Parameters<typeof renderingFor>[4], attempt = 1) => {
    const e = entitiesIn(film, line)[k]!;
    return renderingFor(film, line, k, e, pair, attempt) === renderingsOf(film, e)[0];
  };

  it('renders a name at random among three without its pair, per occurrence and request', () => {
    expect(share((l, k) => first(l, k, undefined))).toBeCloseTo(1 / 3, 1);
    const same = (l: string, k: number) => {
      const e = entitiesIn(film, l)[k]!;
      return renderingFor(film, l, k, e, undefined, 1) === renderingFor(film, l, k, e, undefined, 2);
    };
    expect(share(same)).toBeCloseTo(1 / 3, 1);
  });

  it('follows a pair always, and a glossary pair 70 % of the time', () => {
    const pair = (l: string, k: number, glossary: boolean) => ({
      target: renderingsOf(film, entitiesIn(film, l)[k]!)[0],
      glossary,
    });
    expect(share((l, k) => first(l, k, pair(l, k, false)))).toBe(1);
    expect(share((l, k) => first(l, k, pair(l, k, true)))).toBeCloseTo(0.7, 1);
  });

  it('reads pairs from the terms and the brief’s characters, a glossary pair by the film’s glossary', () => {
    const pairOf = pairsOfRequest(film, {
      terms: [{ source: 'moonstone', target: '月光石' }],
      brief: { characters: [{ name: 'Clara', target: '嘉拉' }] },
    });
    const byName = (s: string) => ENTITIES.en.find((e) => e.source === s)!;
    expect(pairOf(byName('Moonstone'))).toEqual({ target: '月光石', glossary: true });
    expect(pairOf(byName('Clara'))).toEqual({ target: '嘉拉', glossary: false });
    expect(pairOf(byName('Victor'))).toBeUndefined();
    const line = 'Clara, have you seen the Moonstone?';
    expect(translateLine(film, line, () => ({ target: '嘉拉', glossary: false }), 1)).toMatch(
      /^嘉拉、嘉拉：/,
    );
  });

  it('answers a part’s brief with the names of its lines, keeping what it is told is known', () => {
    const lines = film.cues.slice(0, 300).map((c) => c.text);
    const brief = briefAnswer(film, lines, '1 of 4', 300, {
      characters: [{ name: 'Clara', target: '嘉拉' }],
      terms: [],
    });
    const seen = new Set(lines.flatMap((l) => entitiesIn(film, l).map((e) => e.source)));
    expect(new Set([...brief.characters.map((c) => c.name), ...brief.terms.map((t) => t.source)])).toEqual(
      seen,
    );
    expect(brief.characters.find((c) => c.name === 'Clara')?.target).toBe('嘉拉');
    expect(briefAnswer(film, lines, '1 of 4', 300)).toEqual(briefAnswer(film, lines, '1 of 4', 300));
  });
});
