import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cycles,
  describeCycle,
  importsOf,
  isRootFile,
  sourceFiles,
  unitGraph,
  unitOf,
  type UnitGraph,
} from './import-graph.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function cycleReport(graph: UnitGraph): string[] {
  return cycles(graph).map((cycle) => describeCycle(graph, cycle));
}

describe('module boundaries of apps/server/src', () => {
  const graph = unitGraph(SRC);

  it('has no import cycle between modules, folders and the files directly in src/', () => {
    const described = cycleReport(graph);
    expect(described, `import cycles:\n  ${described.join('\n\n  ')}`).toEqual([]);
  });

  it('has no import cycle between the files of one module either (type-only imports count)', () => {
    const files: UnitGraph = new Map();
    for (const file of sourceFiles(SRC).filter((f) => !f.endsWith('.test.ts'))) {
      const from = path.relative(SRC, file);
      const to = new Map<string, string[]>();
      for (const i of importsOf(file))
        if (!i.to.endsWith('.test.ts')) to.set(path.relative(SRC, i.to), [from]);
      files.set(from, to);
    }
    const described = cycleReport(files);
    expect(described, `import cycles between files:\n  ${described.join('\n\n  ')}`).toEqual([]);
  });

  it('builds the context from the layers below the modules only', () => {
    const below = ['config', 'db', 'providers', 'engines'];
    const above = importsOf(path.join(SRC, 'context.ts'))
      .map((i) => unitOf(SRC, i.to))
      .filter((unit) => !below.includes(unit));
    expect(above).toEqual([]);
  });

  it('reaches the tasks module only through its public entry (and the job registry its jobs file)', () => {
    const entry = path.join(SRC, 'modules/tasks/index.ts');
    const jobs = path.join(SRC, 'modules/tasks/tasks.jobs.ts');
    const registry = path.join(SRC, 'jobs/registry.ts');
    // the files directly in src/ wire the routes: they may name a module's files
    const around = sourceFiles(SRC)
      .filter((f) => unitOf(SRC, f) !== 'modules/tasks' && !isRootFile(SRC, f))
      .flatMap(importsOf)
      .filter((i) => unitOf(SRC, i.to) === 'modules/tasks' && i.to !== entry)
      .filter((i) => !(i.from === registry && i.to === jobs))
      .map((i) => `${path.relative(SRC, i.from)} → ${path.relative(SRC, i.to)}`);
    expect(around).toEqual([]);
  });

  it('finds the imports it judges (a sanity check of the graph itself)', () => {
    expect(graph.get('modules/media')?.has('modules/tasks')).toBe(true);
    expect(graph.get('jobs')?.has('modules/tasks')).toBe(true);
    // files directly in src/ are nodes, and a type-only import is an edge
    expect(graph.get('modules/tasks')?.has('context.ts')).toBe(true);
    expect(graph.get('app.ts')?.has('modules/tasks')).toBe(true);
  });
});

describe('the cycle finder', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'module-cycles-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const plant = (files: Record<string, string>) => {
    const dir = mkdtempSync(path.join(root, 'src-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };

  it('reports a cycle between modules', () => {
    const planted: UnitGraph = new Map([
      ['modules/a', new Map([['modules/b', ['a.ts']]])],
      ['modules/b', new Map([['modules/c', ['b.ts']]])],
      ['modules/c', new Map([['modules/a', ['c.ts']]])],
    ]);
    expect(cycles(planted).map((c) => c.path)).toEqual([
      ['modules/a', 'modules/b', 'modules/c', 'modules/a'],
    ]);
  });

  it('reports a circle through a file directly in src/ made of type-only imports', () => {
    const dir = plant({
      'context.ts': "import type { Life } from './modules/a/life.js';\nexport interface Ctx { life: Life }\n",
      'modules/a/life.ts':
        "import type { Ctx } from '../../context.js';\nexport type Life = (ctx: Ctx) => void;\n",
    });
    const planted = unitGraph(dir);
    expect(cycleReport(planted)).toEqual([
      'context.ts → modules/a (context.ts)\n  modules/a → context.ts (modules/a/life.ts)\n' +
        '  (a circle of 2 units: context.ts, modules/a)',
    ]);
  });

  it('sees every form of a type-only import', () => {
    const dir = plant({
      'x.ts': [
        "import type { A } from './a/a.js';",
        "import { type B } from './b/b.js';",
        "export type { C } from './c/c.js';",
        "export type D = import('./d/d.js').D;",
        'export type Ab = A | B;',
      ].join('\n'),
    });
    expect([...(unitGraph(dir).get('x.ts')?.keys() ?? [])].sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
