import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILES_DIR, MANIFEST, generate, manifestText } from './encoding-corpus/generate.js';

describe('the encoding corpus', () => {
  it('is what its generator writes, byte for byte (remake it with the generator after a change)', () => {
    const corpus = generate();
    for (const { entry, bytes } of corpus) {
      expect(readFileSync(path.join(FILES_DIR, entry.file)).equals(bytes), entry.file).toBe(true);
    }
    expect(readdirSync(FILES_DIR).sort()).toEqual(corpus.map((f) => f.entry.file).sort());
    expect(readFileSync(MANIFEST, 'utf8')).toBe(manifestText(corpus.map((f) => f.entry)));
    expect(corpus.length).toBeGreaterThanOrEqual(200);
  });
});
