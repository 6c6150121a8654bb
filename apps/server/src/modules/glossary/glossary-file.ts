import Papa from 'papaparse';
import {
  GLOSSARY_FILE_COLUMNS,
  GLOSSARY_LIMITS,
  glossaryEntrySchema,
  type GlossaryEntry,
  type GlossaryFileFormat,
} from '@subtrans/contract';

/**
 * Glossary files (CSV or TSV with a header row: contract GLOSSARY_FILE_COLUMNS), read and written
 * with papaparse. Reading takes every usable row and says why each other row was left out;
 * a file without a header naming `source` cannot be read at all.
 */

/** Why a file cannot be read at all. */
export type FileProblem = 'empty' | 'no_header';

export class UnreadableFile extends Error {
  constructor(readonly problem: FileProblem) {
    super(`glossary file unreadable: ${problem}`);
  }
}

/** Why one row was left out. */
export type RowProblem =
  | { kind: 'no_source' }
  | { kind: 'too_long'; column: 'source' | 'target' | 'note'; max: number }
  | { kind: 'not_a_flag'; column: 'keep' | 'case_sensitive'; value: string }
  | { kind: 'too_many_fields'; count: number; columns: number }
  | { kind: 'malformed' };

export interface ReadFile {
  /** the usable rows, in file order, with their row number (1 = the first row after the header) */
  rows: { row: number; entry: GlossaryEntry }[];
  skipped: { row: number; problem: RowProblem }[];
}

type Column = (typeof GLOSSARY_FILE_COLUMNS)[number];

const TRUE = new Set(['1', 'true', 'yes', 'y', 'x', '是', 'はい']);
const FALSE = new Set(['', '0', 'false', 'no', 'n', '否', 'いいえ']);

/** A header cell as a column name: any case, spaces or hyphens for underscores, no BOM. */
const columnOf = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** What export's formula escaping added (a ' before = + - @ tab or return) is taken off again. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** A CSV written by a spreadsheet in a comma-decimal locale separates with semicolons. */
function csvDelimiter(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}

function rowOf(cells: string[], columns: (Column | null)[]): GlossaryEntry | RowProblem {
  const value = (c: Column) => {
    const i = columns.indexOf(c);
    return i >= 0 ? unescapeFormula(cells[i] ?? '').trim() : '';
  };
  const extra = cells.slice(columns.length).filter((c) => c.trim() !== '');
  if (extra.length) return { kind: 'too_many_fields', count: cells.length, columns: columns.length };
  const source = value('source');
  if (!source) return { kind: 'no_source' };
  for (const column of ['source', 'target', 'note'] as const) {
    const max = column === 'note' ? GLOSSARY_LIMITS.noteChars : GLOSSARY_LIMITS.termChars;
    if ([...value(column)].length > max) return { kind: 'too_long', column, max };
  }
  const flags: Record<'keep' | 'case_sensitive', boolean> = { keep: false, case_sensitive: false };
  for (const column of ['keep', 'case_sensitive'] as const) {
    const raw = value(column);
    const v = raw.toLowerCase();
    if (TRUE.has(v)) flags[column] = true;
    else if (!FALSE.has(v)) return { kind: 'not_a_flag', column, value: raw.slice(0, 20) };
  }
  const parsed = glossaryEntrySchema.safeParse({
    source,
    target: value('target'),
    note: value('note'),
    keep: flags.keep,
    caseSensitive: flags.case_sensitive,
  });
  return parsed.success ? parsed.data : { kind: 'malformed' };
}

/** Reads a glossary file; throws UnreadableFile when it has no rows or no header naming `source`. */
export function readGlossaryFile(text: string, format: GlossaryFileFormat): ReadFile {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw new UnreadableFile('empty');
  const parsed = Papa.parse<string[]>(body, {
    delimiter: format === 'tsv' ? '\t' : csvDelimiter(body),
    skipEmptyLines: false,
  });
  const blank = (cells: string[]) => cells.every((c) => c.trim() === '');
  const headerAt = parsed.data.findIndex((cells) => !blank(cells));
  const columns = (parsed.data[headerAt] ?? []).map((cell) => {
    const name = columnOf(cell);
    return (GLOSSARY_FILE_COLUMNS as readonly string[]).includes(name) ? (name as Column) : null;
  });
  if (!columns.includes('source')) throw new UnreadableFile('no_header');
  // papaparse's errors name the record they were found in (an index into data)
  const broken = new Set(parsed.errors.map((e) => e.row).filter((r): r is number => typeof r === 'number'));
  const out: ReadFile = { rows: [], skipped: [] };
  parsed.data.forEach((cells, i) => {
    if (i <= headerAt || blank(cells)) return;
    const row = i - headerAt;
    if (broken.has(i)) return out.skipped.push({ row, problem: { kind: 'malformed' } });
    const read = rowOf(cells, columns);
    if ('kind' in read) out.skipped.push({ row, problem: read });
    else out.rows.push({ row, entry: read });
  });
  return out;
}

/**
 * A glossary as a file: the header, then one row per entry (keep and case_sensitive as
 * true/false). A cell that a spreadsheet would run as a formula (= + - @ first) is written with a
 * ' before it, which reading takes off again.
 */
export function writeGlossaryFile(entries: readonly GlossaryEntry[], format: GlossaryFileFormat): string {
  return Papa.unparse(
    {
      fields: [...GLOSSARY_FILE_COLUMNS],
      data: entries.map((e) => [e.source, e.target, e.note, String(e.keep), String(e.caseSensitive)]),
    },
    { delimiter: format === 'tsv' ? '\t' : ',', newline: '\r\n', escapeFormulae: true },
  );
}
