import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/**
 * The folder a source file belongs to: `modules/<name>` for a module, else its top folder (http,
 * jobs, config, db, engines, providers). Files directly in src/ (app.ts, main.ts, context.ts …)
 * are the composition root that builds and starts everything: they are no node of the graph.
 */
function unitOf(file: string): string | null {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts.length === 1) return null;
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0]!;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

interface Import {
  from: string;
  to: string;
}

/** Every relative import (value or type, static or dynamic, and re-exports) between source files. */
function importsOf(file: string): Import[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter((i) => i.fileName.startsWith('.'))
    .map((i) => ({ from: file, to: path.resolve(path.dirname(file), i.fileName.replace(/\.js$/, '.ts')) }));
}

/** unit → unit → the files whose imports make the edge */
function unitGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SRC)) {
    const from = unitOf(file);
    if (!from) continue;
    for (const i of importsOf(file)) {
      const to = unitOf(i.to);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
      (edges.get(to) ?? edges.set(to, []).get(to)!).push(path.relative(SRC, file));
    }
  }
  return graph;
}

/** One cycle per strongly connected group of units (Tarjan), each as a path back to its start. */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(pathWithin(graph, new Set(group), v));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** A shortest way from `start` back to itself inside the group (breadth first). */
function pathWithin(graph: Map<string, Map<string, string[]>>, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!group.has(w)) continue;
      if (w === start) {
        const way = [v];
        while (way[0] !== start) way.unshift(cameFrom.get(way[0]!)!);
        return [...way, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

describe('module boundaries of apps/server/src', () => {
  const graph = unitGraph();

  it('has no import cycle between modules and folders', () => {
    const described = cycles(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => `${cycle[i]} → ${to} (${graph.get(cycle[i]!)!.get(to)!.join(', ')})`)
        .join('\n  '),
    );
    expect(described, `import cycles:\n  ${described.join('\n\n  ')}`).toEqual([]);
  });

  it('reaches the tasks module only through its public entry (and the job registry its jobs file)', () => {
    const entry = path.join(SRC, 'modules/tasks/index.ts');
    const jobs = path.join(SRC, 'modules/tasks/tasks.jobs.ts');
    const registry = path.join(SRC, 'jobs/registry.ts');
    const around = sourceFiles(SRC)
      .filter((f) => unitOf(f) !== 'modules/tasks' && unitOf(f) !== null)
      .flatMap(importsOf)
      .filter((i) => unitOf(i.to) === 'modules/tasks' && i.to !== entry)
      .filter((i) => !(i.from === registry && i.to === jobs))
      .map((i) => `${path.relative(SRC, i.from)} → ${path.relative(SRC, i.to)}`);
    expect(around).toEqual([]);
  });

  it('finds the imports it judges (a sanity check of the graph itself)', () => {
    expect(graph.get('modules/media')?.has('modules/tasks')).toBe(true);
    expect(graph.get('jobs')?.has('modules/tasks')).toBe(true);
  });

  it('would report a cycle', () => {
    const planted = new Map([
      ['modules/a', new Map([['modules/b', ['a.ts']]])],
      ['modules/b', new Map([['modules/c', ['b.ts']]])],
      ['modules/c', new Map([['modules/a', ['c.ts']]])],
    ]);
    expect(cycles(planted)).toEqual([['modules/a', 'modules/b', 'modules/c', 'modules/a']]);
  });
});
