import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measure, serialise, visibleText } from '@subtrans/subtitles';
import { generateCorpus } from './quality-corpus/generate.js';
import {
  budgetOf,
  hasMarkup,
  hasNumber,
  loadCorpus,
  plantedFaults,
  render,
  simOf,
  translationSize,
  type Fault,
} from './quality-sim.js';
import { ROOT } from './support.js';

const corpus = loadCorpus();
const sim = simOf(corpus);
const lines = corpus.flatMap((f) => f.cues.map((c) => ({ source: c.text, target: f.spec.target })));

describe('the quality corpus', () => {
  it('is what the generator writes: 12 files of 200–1,500 cues, every cue text unique', () => {
    const generated = generateCorpus();
    for (const { spec, cues } of generated) {
      const file = readFileSync(path.join(ROOT, 'bench/quality-corpus', spec.file), 'utf8');
      expect(serialise(cues, 'srt', { eol: '\n' })).toBe(file);
      expect(cues.length).toBeGreaterThanOrEqual(200);
      expect(cues.length).toBeLessThanOrEqual(1500);
    }
    expect(generated.length).toBeGreaterThanOrEqual(12);
    expect(new Set(lines.map((l) => l.source)).size).toBe(lines.length);
  });
});

describe('the simulated engine’s rules', () => {
  const share = (test: (l: (typeof lines)[number]) => boolean, of = lines) =>
    of.filter(test).length / of.length;

  it('plants each fault at its rate', () => {
    const has = (f: Fault) => (l: (typeof lines)[number]) =>
      plantedFaults(l.source, l.target, sim).includes(f);
    expect(share(has('source-language'))).toBeCloseTo(0.05, 2);
    expect(
      share(
        has('wrong-script'),
        lines.filter((l) => l.target.startsWith('zh')),
      ),
    ).toBeCloseTo(0.05, 1);
    expect(share(has('numbers-missing'))).toBeCloseTo(0.03, 2);
    expect(share(has('markup-lost'))).toBeCloseTo(0.03, 2);
  });

  it('answers 60 % of lines 1.4× too long without a budget, 30 % with one', () => {
    const over = (sent: boolean) => (l: (typeof lines)[number]) =>
      'atLeast' in translationSize(l.source, l.target, sim, sent);
    expect(share(over(false))).toBeCloseTo(0.6, 1);
    expect(share(over(true))).toBeCloseTo(0.3, 1);
  });

  it('writes a clean line within its size in the target language, keeping numbers and markup', () => {
    for (const l of lines.filter((x, i) => i % 7 === 0 && !plantedFaults(x.source, x.target, sim).length)) {
      const b = budgetOf(l.source, l.target, sim);
      const text = render(l.source, l.target, { atMost: b }, []);
      const numbers = visibleText(l.source).match(/\d+/g) ?? [];
      if (measure(numbers.join(''), l.target) < b / 2) expect(measure(text, l.target)).toBeLessThanOrEqual(b);
      for (const n of numbers) expect(visibleText(text)).toContain(n);
      expect(hasMarkup(text)).toBe(hasMarkup(l.source));
      expect(text).not.toBe(l.source);
    }
  });

  it('plays each fault: the source itself, a number or the markup lost', () => {
    const numbered = lines.find((l) => hasNumber(l.source) && l.target === 'en')!;
    expect(render(numbered.source, 'en', { atMost: 30 }, ['source-language'])).toBe(numbered.source);
    const lost = render(numbered.source, 'en', { atMost: 30 }, ['numbers-missing']);
    const first = /\d+/.exec(visibleText(numbered.source))![0];
    expect(visibleText(lost)).not.toContain(first);
    const marked = lines.find((l) => /<i>/.test(l.source))!;
    expect(hasMarkup(render(marked.source, marked.target, { atMost: 20 }, ['markup-lost']))).toBe(false);
  });
});
