import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandExists } from './apertium.js';
import { deformat, reformat } from './apertium-format.js';

/** Apertium's text format done here must be what the real programs do, on anything a line can hold. */

const run = (program: string, input: string) => {
  const r = spawnSync(program, [], { input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${program} failed: ${r.stderr}`);
  return r.stdout;
};

/** A seeded generator, so a failure can be run again. */
function strings(seed: number, count: number, pieces: string[], maxLength: number): string[] {
  let s = seed;
  const next = (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + next(maxLength) }, () => pieces[next(pieces.length)]).join(''),
  );
}

describe('Apertium text format against apertium-destxt and apertium-retxt', () => {
  it('needs the programs', () => {
    expect(commandExists('apertium-destxt') && commandExists('apertium-retxt')).toBe(true);
  });

  const known = [
    'Hello world',
    '<i>The cat</i> [sighs] a/b @home $5 ^x {y} back\\slash',
    'Yes\nIt\nworks',
    'a  b\tc',
    'one\n\ntwo',
    'line\n\n⟦⁂⟧\n\nnext',
    ' lead and trail ',
    '~',
    'a ~ b~c',
    'x\n\n',
    '\n\nx',
    'a\n \nb',
    'a \n\n b',
    'it ends.',
    '- What?\n- Nothing.',
    'ñandú € 日本語 👋',
  ];
  const pieces = [
    'a',
    'bc',
    ' ',
    ' ',
    '\t',
    '\n',
    '\n',
    '~',
    '.',
    '[',
    ']',
    '\\',
    '^',
    '$',
    '@',
    '/',
    '<',
    '>',
    '{',
    '}',
    '*',
    '#',
    'é',
    '⟦⁂⟧',
    '?',
  ];

  it('deformats as apertium-destxt does', () => {
    for (const text of [...known, ...strings(27, 300, pieces, 12)]) {
      expect(deformat(text), JSON.stringify(text)).toBe(run('apertium-destxt', text));
    }
  }, 60_000);

  it('reformats as apertium-retxt does, and gives back what was deformatted', () => {
    const streams = strings(
      28,
      300,
      ['a', ' ', '.', '.[]', '[', ']', '\\', '\\[', '\n', '~', '^', '\\^', '<', 'é'],
      12,
    );
    for (const stream of [...known.map(deformat), ...streams]) {
      expect(reformat(stream), JSON.stringify(stream)).toBe(run('apertium-retxt', stream));
    }
    for (const text of known) expect(reformat(deformat(text))).toBe(text);
  }, 60_000);
});
