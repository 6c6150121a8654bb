import type { z } from 'zod';
import {
  GLOSSARY_LIMITS,
  type exportGlossaryBody,
  type Glossary,
  type GlossaryEntry,
  type GlossarySummary,
  type ImportedGlossary,
  type importGlossaryBody,
  type saveGlossaryBody,
  type UiLanguage,
} from '@subtrans/contract';
import { termKey } from '@subtrans/subtitles';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { AppError, invalidField } from '../../http/errors.js';
import { readGlossaryFile, UnreadableFile, writeGlossaryFile } from './glossary-file.js';
import { fileProblemText, rowProblemText } from './glossary-messages.js';
import {
  countGlossaries,
  deleteGlossary as deleteRow,
  findGlossaries,
  findGlossary,
  insertGlossary,
  listGlossaries as listRows,
  lockUserGlossaries,
  updateGlossary,
  type GlossaryFields,
  type GlossaryRow,
} from './glossary.repository.js';

/** an import answers at most this many skipped rows (the first ones): enough to fix a file by */
const SKIPPED_LISTED = 500;

const toSummary = (r: GlossaryRow): GlossarySummary => ({
  id: r.id,
  name: r.name,
  sourceLanguage: r.source_language,
  targetLanguage: r.target_language,
  entryCount: r.entry_count,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const toGlossary = (r: GlossaryRow): Glossary => ({ ...toSummary(r), entries: r.entries ?? [] });

async function ownGlossary(q: Queryable, userId: number, id: string): Promise<GlossaryRow> {
  const row = await findGlossary(q, userId, id);
  if (!row) throw new AppError('GLOSSARY_NOT_FOUND');
  return row;
}

function checkEntryCount(count: number): void {
  if (count > GLOSSARY_LIMITS.entriesPerGlossary)
    throw new AppError('GLOSSARY_TOO_MANY_ENTRIES', undefined, {
      max: GLOSSARY_LIMITS.entriesPerGlossary,
      count,
    });
}

/** A new glossary, within the user's limit (creations of one user take turns). */
async function createGlossary(ctx: AppContext, userId: number, fields: GlossaryFields): Promise<GlossaryRow> {
  return ctx.db.tx(async (q) => {
    await lockUserGlossaries(q, userId);
    if ((await countGlossaries(q, userId)) >= GLOSSARY_LIMITS.glossariesPerUser)
      throw new AppError('GLOSSARY_LIMIT', undefined, { max: GLOSSARY_LIMITS.glossariesPerUser });
    return insertGlossary(q, userId, fields);
  });
}

/** /glossary/list */
export async function listGlossaries(ctx: AppContext, userId: number): Promise<GlossarySummary[]> {
  return (await listRows(ctx.db, userId)).map(toSummary);
}

/** /glossary/get */
export async function getGlossary(ctx: AppContext, userId: number, id: string): Promise<Glossary> {
  return toGlossary(await ownGlossary(ctx.db, userId, id));
}

/**
 * /glossary/save: a new glossary (no id) or one of the user's replaced whole. Entries are kept as
 * given, duplicates too: of two entries with the same source, translation uses the first.
 */
export async function saveGlossary(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof saveGlossaryBody>,
): Promise<Glossary> {
  checkEntryCount(input.entries.length);
  const fields: GlossaryFields = {
    name: input.name,
    sourceLanguage: input.sourceLanguage,
    targetLanguage: input.targetLanguage,
    entries: input.entries,
  };
  if (!input.id) return toGlossary(await createGlossary(ctx, userId, fields));
  const row = await updateGlossary(ctx.db, userId, input.id, fields);
  if (!row) throw new AppError('GLOSSARY_NOT_FOUND');
  return toGlossary(row);
}

/** /glossary/delete (tasks that chose it translate without it from then on) */
export async function deleteGlossary(ctx: AppContext, userId: number, id: string): Promise<void> {
  if (!(await deleteRow(ctx.db, userId, id))) throw new AppError('GLOSSARY_NOT_FOUND');
}

/** `incoming` over `held`: an entry of the same term replaces the held one in place, others follow. */
function merged(held: readonly GlossaryEntry[], incoming: readonly GlossaryEntry[]): GlossaryEntry[] {
  const out = [...held];
  const at = new Map(out.map((e, i) => [termKey(e), i]));
  for (const e of incoming) {
    const i = at.get(termKey(e));
    if (i === undefined) at.set(termKey(e), out.push(e) - 1);
    else out[i] = e;
  }
  return out;
}

/**
 * /glossary/import: a CSV or TSV text into a new glossary or one of the user's (`replace` its
 * entries or `merge` them: a row of a term already there updates it, as a later row of the same
 * term in the file does). Rows that cannot be used are answered with their number and why; a
 * file with no usable row changes nothing (GLOSSARY_FILE_UNREADABLE), nor does one that would
 * take the glossary past its entry limit.
 */
export async function importGlossary(
  ctx: AppContext,
  userId: number,
  lang: UiLanguage,
  input: z.output<typeof importGlossaryBody>,
): Promise<ImportedGlossary> {
  const held = input.id ? await ownGlossary(ctx.db, userId, input.id) : null;
  if (!held) {
    if (!input.name) throw invalidField(['name'], { kind: 'required' });
    if (!input.targetLanguage) throw invalidField(['targetLanguage'], { kind: 'required' });
  }
  let file;
  try {
    file = readGlossaryFile(input.text, input.format);
  } catch (err) {
    if (!(err instanceof UnreadableFile)) throw err;
    throw new AppError('GLOSSARY_FILE_UNREADABLE', undefined, {
      reason: fileProblemText(err.problem, lang),
      problem: err.problem,
    });
  }
  const skipped = file.skipped
    .slice(0, SKIPPED_LISTED)
    .map((s) => ({ row: s.row, reason: rowProblemText(s.problem, lang) }));
  if (!file.rows.length) {
    const first = skipped[0];
    throw new AppError('GLOSSARY_FILE_UNREADABLE', undefined, {
      reason: first ? `${rowLabel(first.row, lang)}${first.reason}` : fileProblemText('empty', lang),
      problem: 'no_rows',
      skipped,
    });
  }
  const rows = file.rows.map((r) => r.entry);
  const entries = merged(held && input.mode === 'merge' ? (held.entries ?? []) : [], rows);
  checkEntryCount(entries.length);
  const fields: GlossaryFields = held
    ? { name: held.name, sourceLanguage: held.source_language, targetLanguage: held.target_language, entries }
    : {
        name: input.name!,
        sourceLanguage: input.sourceLanguage,
        targetLanguage: input.targetLanguage!,
        entries,
      };
  const row = held
    ? await updateGlossary(ctx.db, userId, held.id, fields)
    : await createGlossary(ctx, userId, fields);
  if (!row) throw new AppError('GLOSSARY_NOT_FOUND');
  return { glossary: toGlossary(row), imported: rows.length, skipped };
}

const rowLabel = (row: number, lang: UiLanguage) =>
  ({ zh: `第 ${row} 行：`, en: `row ${row}: `, ja: `${row} 行目：` })[lang];

export interface GlossaryFile {
  fileName: string;
  contentType: string;
  body: string;
}

/** Characters a file name may not hold on common systems. */
const fileNameOf = (name: string) => name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim() || 'glossary';

/**
 * /glossary/export: the glossary as a CSV (with a UTF-8 byte order mark, so a spreadsheet opened
 * by double-click reads Chinese and Japanese right) or a TSV file, named after the glossary.
 */
export async function exportGlossary(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof exportGlossaryBody>,
): Promise<GlossaryFile> {
  const row = await ownGlossary(ctx.db, userId, input.id);
  const text = writeGlossaryFile(row.entries ?? [], input.format);
  return {
    fileName: `${fileNameOf(row.name)}.${input.format}`,
    contentType:
      input.format === 'csv' ? 'text/csv; charset=utf-8' : 'text/tab-separated-values; charset=utf-8',
    body: input.format === 'csv' ? `\uFEFF${text}` : text,
  };
}

const pairText = (source: string, target: string) => `${source} → ${target}`;

/** Whether a glossary serves a task of this language pair ('auto' on either side: any source). */
const servesPair = (r: GlossaryRow, pair: { source: string; target: string }) =>
  r.target_language === pair.target &&
  (r.source_language === 'auto' || pair.source === 'auto' || r.source_language === pair.source);

/**
 * The glossaries a task is given (at upload), in the order of `ids`: each must be the user's
 * (GLOSSARY_NOT_FOUND) and serve the task's language pair (GLOSSARY_LANGUAGE_MISMATCH).
 */
export async function glossariesForTask(
  q: Queryable,
  userId: number,
  ids: readonly string[],
  pair: { source: string; target: string },
): Promise<Glossary[]> {
  const rows = new Map((await findGlossaries(q, userId, ids)).map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row) throw new AppError('GLOSSARY_NOT_FOUND', undefined, { id });
    if (!servesPair(row, pair))
      throw new AppError('GLOSSARY_LANGUAGE_MISMATCH', undefined, {
        name: row.name,
        glossaryPair: pairText(row.source_language, row.target_language),
        taskPair: pairText(pair.source, pair.target),
      });
    return toGlossary(row);
  });
}

/**
 * The entries a task translates with, first glossary first: those of its glossaries that still
 * exist and serve its language pair (one deleted or changed since the upload is passed over, the
 * task is not failed for it).
 */
export async function taskGlossaryEntries(
  q: Queryable,
  userId: number,
  ids: readonly string[],
  pair: { source: string; target: string },
): Promise<GlossaryEntry[]> {
  const rows = new Map((await findGlossaries(q, userId, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row && servesPair(row, pair) ? (row.entries ?? []) : [];
  });
}
