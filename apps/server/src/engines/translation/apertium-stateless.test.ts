import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSrt } from '@subtrans/subtitles';
import { apertiumEngine } from './apertium.js';
import { freshTaggerPerRequest } from './apertium-stateless.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** real-looking English subtitle files, committed with the quality bench */
const CORPUS = path.join(here, '../../../../../bench/quality-corpus');

const SCRIPT =
  "lt-proc -z 'a.bin' | apertium-wblank-attach | apertium-tagger -z -g $2 'x.prob' | apertium-pretransfer -z | lt-proc -z $1 'g.bin'\n";

describe('a fresh tagger for each request (issue 36)', () => {
  it('runs only the tagger stage once per request, without -z', () => {
    const perl = freshTaggerPerRequest(SCRIPT, { perl: true });
    const stages = perl.split(' | ');
    expect(stages).toHaveLength(5);
    expect(stages[0]).toBe("lt-proc -z 'a.bin'");
    expect(stages[2]).toMatch(/^perl -0 -e '.*' apertium-tagger -g \$2 'x\.prob'$/);
    expect(stages[3]).toBe('apertium-pretransfer -z');
    expect(freshTaggerPerRequest(SCRIPT, { perl: false })).toContain(
      "while IFS= read -r -d '' r; do printf '%s' \"$r\" | apertium-tagger -g $2 'x.prob'; printf '\\0'; done",
    );
    expect(freshTaggerPerRequest("lt-proc -z 'a.bin' | cg-proc -z 'b.bin'", { perl: true })).toBe(
      "lt-proc -z 'a.bin' | cg-proc -z 'b.bin'",
    );
  });

  it('answers each request with one NUL, by perl and by bash alike', () => {
    // a stand-in tagger that brackets all it reads: run once for all, it would bracket the three
    const bin = mkdtempSync(path.join(tmpdir(), 'tagger-'));
    writeFileSync(path.join(bin, 'apertium-tagger'), "#!/bin/sh\nprintf '['; cat; printf ']'\n");
    chmodSync(path.join(bin, 'apertium-tagger'), 0o755);
    const script = 'cat | apertium-tagger -z | cat';
    for (const perl of [true, false]) {
      const run = spawnSync('bash', ['-c', freshTaggerPerRequest(script, { perl })], {
        input: 'one\0two\0three\0',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.stdout.split('\0')).toEqual(['[one]', '[two]', '[three]', '']);
    }
    rmSync(bin, { recursive: true });
  });

  it('translates a file the same on a fresh pipeline and after other files (real Apertium, eng→spa)', async () => {
    const files = readdirSync(CORPUS).filter((f) => /^en-.*\.srt$/.test(f));
    const linesOf = (f: string) => parseSrt(readFileSync(path.join(CORPUS, f), 'utf8')).map((c) => c.text);
    const translateFile = async (engine: ReturnType<typeof apertiumEngine>, lines: string[]) => {
      const out: string[] = [];
      for (let i = 0; i < lines.length; i += 100) {
        const batch = lines.slice(i, i + 100);
        out.push(
          ...(await engine.translate({
            lines: batch,
            context: { before: [], after: [] },
            source: 'en',
            target: 'es',
          })),
        );
      }
      return out;
    };
    const [file, ...others] = files;
    expect(others.length).toBeGreaterThanOrEqual(5);
    const fresh = apertiumEngine();
    const first = await translateFile(fresh, linesOf(file!));
    await fresh.close?.();
    const used = apertiumEngine();
    try {
      for (const other of others) await translateFile(used, linesOf(other));
      const again = await translateFile(used, linesOf(file!));
      // before: 2 of 900 cues differed ("cerca" → "se acerca" / "cercano"), all from the tagger
      const differing = first.flatMap((l, i) => (l === again[i] ? [] : [`${l} | ${again[i]}`]));
      expect(differing).toEqual([]);
      expect(first.length).toBeGreaterThan(500);
    } finally {
      await used.close?.();
    }
  }, 120_000);
});
