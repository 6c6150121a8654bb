import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const RULE = 'local-sql/no-sql-outside-repositories';
const fixture = (name: string) => readFile(path.join(ROOT, 'tools/eslint/fixtures/sql', name), 'utf8');

/**
 * The repository's own ESLint configuration, run on a fixture as if it were the file at `at`:
 * only the SQL rule, without type information (the fixture belongs to no TypeScript project).
 */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function sqlReports(source: string, at: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, at) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

// loading the configuration (typescript-eslint) takes seconds on a busy machine
describe('SQL only in repositories (eslint.config.js)', { timeout: 60_000 }, () => {
  it('reports SQL planted in a service', async () => {
    const reports = await sqlReports(
      await fixture('sql-in-service.ts'),
      'apps/server/src/modules/orders/orders.service.ts',
    );
    expect(reports).toEqual([RULE, RULE]);
  });

  it('reports it in any server file that is not a repository (routes, jobs, providers)', async () => {
    const source = await fixture('sql-in-service.ts');
    for (const at of [
      'apps/server/src/modules/orders/orders.routes.ts',
      'apps/server/src/jobs/registry.ts',
      'apps/server/src/providers/payments/sandbox.ts',
    ])
      expect(await sqlReports(source, at)).toHaveLength(2);
  });

  it('leaves a service without SQL alone', async () => {
    const reports = await sqlReports(
      await fixture('clean-service.ts'),
      'apps/server/src/modules/orders/orders.service.ts',
    );
    expect(reports).toEqual([]);
  });

  it('leaves repositories, db/ and tests alone', async () => {
    const source = await fixture('sql-in-service.ts');
    for (const at of [
      'apps/server/src/modules/orders/orders.repository.ts',
      'apps/server/src/db/migrate.ts',
      'apps/server/src/modules/orders/orders.int.test.ts',
    ])
      expect(await sqlReports(source, at)).toEqual([]);
  });
});
