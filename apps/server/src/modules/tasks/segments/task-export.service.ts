import { cuesOfLines, type Cue, type ExportFormat, type Line } from '@subtrans/contract';
import { serialise } from '@subtrans/subtitles';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import { segmentRows, type SegmentRow } from './segments.repository.js';
import { ownTask } from '../own-task.js';

/**
 * A task's stored lines as a file's cues (contract's cuesOfLines): a line not translated (lines
 * after a part) reads as its original.
 */
export function cuesOf(segments: SegmentRow[], includeOriginal: boolean, originalFirst = true): Cue[] {
  const lines = segments.map((s): Line => ({
    id: s.id,
    startMs: Number(s.start_ms),
    endMs: Number(s.end_ms),
    originalText: s.original_text,
    translatedText: s.translated_text ?? s.original_text,
  }));
  return cuesOfLines(lines, { includeOriginal, originalFirst });
}

export interface ExportedFile {
  fileName: string;
  contentType: string;
  body: string;
}

/** /task/export: the completed task's subtitles (with the editor's changes), SRT or WebVTT. */
export async function exportTask(
  ctx: AppContext,
  userId: number,
  input: { id: string; format: ExportFormat; includeOriginal: boolean; originalFirst?: boolean },
): Promise<ExportedFile> {
  const task = await ownTask(ctx, userId, input.id);
  if (task.status !== 'completed') throw new AppError('TASK_NOT_READY');
  const cues = cuesOf(await segmentRows(ctx.db, task.id), input.includeOriginal, input.originalFirst ?? true);
  const base = task.file_name.replace(/\.[^.]*$/, '') || 'subtitles';
  const suffix = input.includeOriginal ? `${task.target_language}.bilingual` : task.target_language;
  return {
    fileName: `${base}.${suffix}.${input.format}`,
    contentType: input.format === 'srt' ? 'application/x-subrip; charset=utf-8' : 'text/vtt; charset=utf-8',
    body: serialise(cues, input.format),
  };
}
