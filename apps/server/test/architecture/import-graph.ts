import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** unit → unit → the files whose imports make the edge */
export type UnitGraph = Map<string, Map<string, string[]>>;

/**
 * The node a source file belongs to: `modules/<name>` for a module, its top folder otherwise
 * (http, jobs, config, db, engines, providers), and each file directly in the root (context.ts,
 * app.ts, bootstrap.ts …) a node of its own: the context sits below the modules, so a module's
 * import of it and its import of a module make a circle like any other.
 */
export function unitOf(root: string, file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length === 1) return parts[0]!;
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0]!;
}

export function isRootFile(root: string, file: string): boolean {
  return path.relative(root, file).split(path.sep).length === 1;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

export interface Import {
  from: string;
  to: string;
}

/**
 * Every relative import between source files: value and type-only (`import type`, `{ type X }`,
 * `export type … from`, `import('…').X`), static or dynamic, re-exports and module augmentations.
 * A type-only import is an edge too: it ties the files' designs together as much as a value does.
 */
export function importsOf(file: string): Import[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter((i) => i.fileName.startsWith('.'))
    .map((i) => ({ from: file, to: path.resolve(path.dirname(file), i.fileName.replace(/\.js$/, '.ts')) }));
}

export function unitGraph(root: string): UnitGraph {
  const graph: UnitGraph = new Map();
  for (const file of sourceFiles(root)) {
    const from = unitOf(root, file);
    for (const i of importsOf(file)) {
      const to = unitOf(root, i.to);
      if (to === from) continue;
      const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
      (edges.get(to) ?? edges.set(to, []).get(to)!).push(path.relative(root, file));
    }
  }
  return graph;
}

export interface Cycle {
  /** a shortest way from the group's first unit back to itself */
  path: string[];
  /** every unit of the strongly connected group the cycle was found in */
  group: string[];
}

/** One cycle per strongly connected group of units (Tarjan). */
export function cycles(graph: UnitGraph): Cycle[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: Cycle[] = [];
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
    if (group.length > 1) found.push({ path: pathWithin(graph, new Set(group), v), group: group.sort() });
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** A shortest way from `start` back to itself inside the group (breadth first). */
function pathWithin(graph: UnitGraph, group: Set<string>, start: string): string[] {
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

/** A cycle as a reader needs it: each step with the files that make it, then the whole group. */
export function describeCycle(graph: UnitGraph, cycle: Cycle): string {
  const steps = cycle.path
    .slice(1)
    .map(
      (to, i) => `${cycle.path[i]} → ${to} (${[...new Set(graph.get(cycle.path[i]!)!.get(to))].join(', ')})`,
    );
  return `${steps.join('\n  ')}\n  (a circle of ${cycle.group.length} units: ${cycle.group.join(', ')})`;
}
