import { cuesOfLines, type Cue, type ExportFormat, type Line } from '@subtrans/contract';
import { serialise } from '@subtrans/subtitles';
import { writeAss, type AssEvent } from '@subtrans/subtitles/ass-write';
import { rewriteAss } from '@subtrans/subtitles/ass-document';
import { overridesAs } from '@subtrans/subtitles/override-tags';
import { vttTagsOut } from '@subtrans/subtitles/vtt-markup';
import { documentOf } from '../documents.repository.js';
import type { AppContext } from '../../../context.js';
import type { Queryable } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { segmentRows, type SegmentRow } from './segments.repository.js';
import { ownTask } from '../own-task.js';

/**
 * A task's stored lines as a file's cues (contract's cuesOfLines): a line not translated (lines
 * after a part) reads as its original.
 */
export function cuesOf(segments: SegmentRow[], includeOriginal: boolean, originalFirst = true): Cue[] {
  return cuesOfLines(linesOf(segments), { includeOriginal, originalFirst });
}

const linesOf = (segments: SegmentRow[]) =>
  segments.map((s): Line => ({
    id: s.id,
    startMs: Number(s.start_ms),
    endMs: Number(s.end_ms),
    originalText: s.original_text,
    translatedText: s.translated_text ?? s.original_text,
  }));

/**
 * ASS keeps the two texts of a bilingual file apart (the original in a style of its own), so it is
 * written from the lines, in the export's order (by time).
 */
function assEvents(segments: SegmentRow[], includeOriginal: boolean): (AssEvent & { id: number })[] {
  // Array.prototype.sort is stable: the task's order breaks ties, as in cuesOfLines
  const ordered = linesOf(segments).sort((a, b) => a.startMs - b.startMs);
  return ordered.map((l) => ({
    id: l.id,
    startMs: l.startMs,
    endMs: l.endMs,
    text: l.translatedText,
    ...(includeOriginal ? { original: l.originalText } : {}),
  }));
}

/** Issue 40: the task's lines as a burned-in video shows them (by time; the original too, or not). */
export async function taskAssEvents(
  q: Queryable,
  taskId: string,
  includeOriginal: boolean,
): Promise<(AssEvent & { id: number })[]> {
  return assEvents(await segmentRows(q, taskId), includeOriginal);
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  // no registered type; the one players and Aegisub's web hosts use
  ass: 'text/x-ssa; charset=utf-8',
};

export interface ExportedFile {
  fileName: string;
  contentType: string;
  body: string;
}

/** /task/export: the completed task's subtitles (with the editor's changes), SRT, WebVTT or ASS. */
export async function exportTask(
  ctx: AppContext,
  userId: number,
  input: {
    id: string;
    format: ExportFormat;
    includeOriginal: boolean;
    originalFirst?: boolean;
    originalScale?: number;
  },
): Promise<ExportedFile> {
  const task = await ownTask(ctx, userId, input.id);
  if (task.status !== 'completed') throw new AppError('TASK_NOT_READY');
  const segments = await segmentRows(ctx.db, task.id);
  const originalFirst = input.originalFirst ?? true;
  const originalScale = input.originalScale ?? 0.7;
  const base = task.file_name.replace(/\.[^.]*$/, '') || 'subtitles';
  const suffix = input.includeOriginal ? `${task.target_language}.bilingual` : task.target_language;
  const file = (body: string, extension: string = input.format): ExportedFile => ({
    fileName: `${base}.${suffix}.${extension}`,
    contentType: CONTENT_TYPES[input.format],
    body,
  });
  if (input.format !== 'ass') {
    const format = input.format;
    // a line from an ASS file: its override blocks as the format's markup (players print them);
    // from a WebVTT file: its speaker, ruby and timestamp tags out of an SRT
    const cues = cuesOf(segments, input.includeOriginal, originalFirst).map((c) => ({
      ...c,
      text: overridesAs(format === 'srt' ? vttTagsOut(c.text) : c.text, format),
    }));
    return file(serialise(cues, format));
  }
  // issue 37: a task made from ASS/SSA is its own file again, the dialogue translated
  const kept = await documentOf(ctx.db, task.id);
  if (kept) {
    const lines = linesOf(segments).map((l) => ({
      id: l.id,
      startMs: l.startMs,
      endMs: l.endMs,
      text: l.translatedText,
      ...(input.includeOriginal ? { original: l.originalText } : {}),
    }));
    return file(rewriteAss(kept.body, lines, { originalFirst, originalScale }), kept.format);
  }
  const options = { language: task.target_language, sourceLanguage: task.original_language, title: base };
  const events = assEvents(segments, input.includeOriginal);
  return file(writeAss(events, { ...options, originalFirst, originalScale }));
}
