import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { webBoundaries } from './web-boundaries.js';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/web-boundaries');

/** The boundary rule as eslint.config.js sets it up, on a small web src/ with faults planted. */
async function lint(file: string) {
  const eslint = new ESLint({
    cwd: fixture,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      { files: ['src/**/*.ts'], ...webBoundaries(path.join(fixture, 'src')) },
    ],
  });
  const [result] = await eslint.lintFiles([path.join(fixture, 'src', file)]);
  return result!.messages.map((m) => `${m.line} ${m.ruleId} ${m.message}`);
}

describe('web import boundaries (eslint.config.js)', () => {
  it('passes a feature importing its own files, lib/ and components/', async () => {
    expect(await lint('features/alpha/clean.ts')).toEqual([]);
  });

  it('reports a feature importing another feature, and app/', async () => {
    const messages = await lint('features/alpha/planted.ts');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^2 import-x\/no-restricted-paths .*"\.\.\/beta\/beta".*no other feature/);
    expect(messages[1]).toMatch(
      /^3 import-x\/no-restricted-paths .*"\.\.\/\.\.\/app\/shell".*nothing of app/,
    );
  });

  it('reports lib/ importing a feature', async () => {
    const messages = await lint('lib/planted.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^2 import-x\/no-restricted-paths .*lib\/ and components\/ import no feature/,
    );
  });
});
