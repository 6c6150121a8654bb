import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/**
 * A route's schema validates its body or query once (http/validation.ts) and hands the handler the
 * result: parsing `req.body` again costs a second pass over every request for nothing.
 */
describe('request input', () => {
  it('is parsed once, by the route schema, never again in a handler', () => {
    const again = sourceFiles(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // the schemas this file gives its routes (`schema: { body: exportTaskBody }`)
      const schemas = [...text.matchAll(/\b(?:body|querystring):\s*(\w+)\s*[},]/g)].map((m) => m[1]!);
      return text
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(SRC, file)}:${i + 1}` }))
        .filter(({ line }) =>
          schemas.some((name) => new RegExp(`\\b${name}\\.(?:parse|safeParse)\\(\\s*req\\.`).test(line)),
        )
        .map(({ at }) => at);
    });
    expect(again).toEqual([]);
  });
});
