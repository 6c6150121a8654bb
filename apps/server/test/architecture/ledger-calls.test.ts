import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './import-graph.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const LEDGER = path.join(SRC, 'modules/billing/ledger.service.ts');
/**
 * the calls that move a task's points: only the task's life, a render's (issue 40: a video's points
 * are held, captured and released by its own job, beside the task's) and the ledger's own module
 * make them
 */
const TASK_CALLS = ['hold', 'capture', 'release'];
const ALLOWED = ['modules/billing/', 'modules/tasks/life/', 'modules/media/render/'];

/**
 * What `file` takes of the ledger service: the names it imports or re-exports from it, `*` for a
 * namespace or a whole re-export (either reaches every call). Dynamic imports count too.
 */
function ledgerNamesOf(file: string, source = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const isLedger = (spec: ts.Expression | undefined) =>
    spec !== undefined &&
    ts.isStringLiteral(spec) &&
    spec.text.startsWith('.') &&
    path.resolve(path.dirname(file), spec.text.replace(/\.js$/, '.ts')) === LEDGER;
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && isLedger(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      else if (bindings) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
    } else if (ts.isExportDeclaration(node) && isLedger(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (clause && ts.isNamedExports(clause))
        names.push(...clause.elements.map((e) => (e.propertyName ?? e.name).text));
      else names.push('*');
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      isLedger(node.arguments[0])
    )
      names.push('*');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

describe('the ledger calls that move a task’s points (hold, capture, release)', () => {
  it('are made only by the task’s life (modules/tasks/life), a render’s and the billing module', () => {
    const outside = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file))
      .filter((rel) => !ALLOWED.some((dir) => rel.startsWith(dir)))
      .flatMap((rel) =>
        ledgerNamesOf(path.join(SRC, rel))
          .filter((name) => name === '*' || TASK_CALLS.includes(name))
          .map((name) => `${rel} imports ${name}`),
      );
    expect(outside).toEqual([]);
  });

  it('finds them where they are (a check of the reader itself)', () => {
    const life = path.join(SRC, 'modules/tasks/life/task-life.service.ts');
    expect(ledgerNamesOf(life)).toEqual(expect.arrayContaining(TASK_CALLS));
    const at = path.join(SRC, 'modules/media/x.service.ts');
    const read = (source: string) => ledgerNamesOf(at, source);
    expect(read(`import { getBalance, hold as h } from '../billing/ledger.service.js';`)).toEqual([
      'getBalance',
      'hold',
    ]);
    expect(read(`import * as ledger from '../billing/ledger.service.js';`)).toEqual(['*']);
    expect(read(`export { release } from '../billing/ledger.service.js';`)).toEqual(['release']);
    expect(read(`export * from '../billing/ledger.service.js';`)).toEqual(['*']);
    expect(read(`const l = await import('../billing/ledger.service.js');`)).toEqual(['*']);
    expect(read(`import { hold } from '../billing/ledger.repository.js';`)).toEqual([]);
  });
});
