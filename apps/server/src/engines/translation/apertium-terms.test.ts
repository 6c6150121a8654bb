import { describe, expect, it } from 'vitest';
import { protectTerms } from './apertium-terms.js';
import { UNKNOWN_WORD as U } from './engine.js';

const keep = (...sources: string[]) => sources.map((source) => ({ source, target: '', keep: true }));

describe('a task’s terms held out of a rule-based engine’s reach (issue 36)', () => {
  it('sends each occurrence as a made-up word and puts it back as the line wrote it', () => {
    const batch = protectTerms(
      ['Angel Dust and weasel met Wade.', 'No names here.', 'Wade, WADE!'],
      [...keep('Weasel', 'Angel Dust', 'Wade'), { source: 'bar', target: 'bar' }],
    );
    expect(batch.lines[0]).toMatch(/^Zqxvaq[a-z]+ and Zqxvaq[a-z]+ met Zqxvaq[a-z]+\.$/);
    expect(batch.lines[1]).toBe('No names here.');
    // Apertium marks an unknown word (read as U) and may move it: each comes back as it was
    const [a, b, c] = batch.lines[0]!.match(/Zqxvaq[a-z]+/g)!;
    expect(batch.restore(`${U}${c} vio a ${U}${a} y ${U}${b}.`)).toBe('Wade vio a Angel Dust y weasel.');
    const [d, e] = batch.lines[2]!.match(/Zqxvaq[a-z]+/g)!;
    expect(batch.restore(`¡${U}${d}, ${U}${e}!`)).toBe('¡Wade, WADE!');
  });

  it('undoes the capital Apertium gives the word after an unknown word opening a sentence', () => {
    const batch = protectTerms(
      ['Wade is here.', 'Wade Wilson came.', 'Weasel and I left.'],
      keep('Wade', 'Weasel'),
    );
    const [w] = batch.lines[0]!.match(/Zqxvaq[a-z]+/g)!;
    expect(batch.restore(`${U}${w} Es aquí.`)).toBe('Wade es aquí.');
    // a name after it keeps its capital: the source had one there too
    const [w2] = batch.lines[1]!.match(/Zqxvaq[a-z]+/g)!;
    expect(batch.restore(`${U}${w2} Wilson vino.`)).toBe('Wade Wilson vino.');
    const [x] = batch.lines[2]!.match(/Zqxvaq[a-z]+/g)!;
    expect(batch.restore(`${U}${x} Y me fui.`)).toBe('Weasel y me fui.');
  });

  it('renders a translated term as its target, capitalised where the line opened with it', () => {
    const batch = protectTerms(
      ['Angel dust is gone; I want angel dust.'],
      [{ source: 'angel dust', target: 'polvo de ángel' }],
    );
    const [a, b] = batch.lines[0]!.match(/Zqxvaq[a-z]+/g)!;
    expect(batch.restore(`${U}${a} Es ido; quiero ${U}${b}.`)).toBe(
      'Polvo de ángel es ido; quiero polvo de ángel.',
    );
  });

  it('picks a made-up word that no line holds, and leaves lines alone without terms to render', () => {
    const batch = protectTerms(['zqxvaqa is a word here, Wade.'], keep('Wade'));
    expect(batch.lines[0]).toMatch(/^zqxvaqa is a word here, Zqxvbq[a-z]+\.$/);
    // a term with no target that is not kept has nothing to render
    const none = protectTerms(['Wade is here.'], [{ source: 'Wade', target: '' }]);
    expect(none.lines).toEqual(['Wade is here.']);
    expect(none.restore('*Zqxvaqa')).toBe('*Zqxvaqa');
  });
});
