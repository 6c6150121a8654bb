import type { ExportFormat } from '@subtrans/contract';
import { serialise, type Cue } from '@subtrans/subtitles';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import { segmentRows, type SegmentRow } from './segments.repository.js';
import { ownTask } from '../own-task.js';

/**
 * A task's lines as cues: the translation (the original where there is none, e.g. lines after a
 * part), or both, the original first unless said otherwise. Times decide the file's order (issue
 * 35: a line moved in time is exported where it plays); lines starting together keep the task's
 * order; the cues are numbered from 1 as they come.
 */
export function cuesOf(segments: SegmentRow[], includeOriginal: boolean, originalFirst = true): Cue[] {
  // Array.prototype.sort is stable: the stored order breaks ties
  const byTime = segments.slice().sort((a, b) => Number(a.start_ms) - Number(b.start_ms));
  return byTime.map((s, i) => {
    const translated = s.translated_text ?? s.original_text;
    const both = originalFirst ? `${s.original_text}\n${translated}` : `${translated}\n${s.original_text}`;
    return {
      index: i + 1,
      startMs: Number(s.start_ms),
      endMs: Number(s.end_ms),
      text: includeOriginal && translated !== s.original_text ? both : translated,
    };
  });
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
