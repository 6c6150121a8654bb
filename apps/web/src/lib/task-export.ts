import { API, type ExportBatchBody, type ExportFormat } from '@subtrans/contract';
import { downloadFile } from './download';

/** What an export writes: the format, and for a bilingual file where the original goes and its size (ASS). */
export interface ExportOptions {
  format: ExportFormat;
  includeOriginal: boolean;
  /** the original above the translation (default) or below it */
  originalFirst?: boolean;
  /** ASS: the original's size against the translation's, 0.4–1 */
  originalScale?: number;
}

/** Fetches the export and hands it to the browser as a download. */
export function downloadTask(id: string, options: ExportOptions): Promise<void> {
  const { format, includeOriginal, originalFirst = true, originalScale } = options;
  const body = { id, format, includeOriginal, originalFirst, ...(originalScale ? { originalScale } : {}) };
  return downloadFile(API.taskExport, body, `subtitles.${format}`);
}

/**
 * A quick menu's choice (`srt`, `vtt-both`, `ass-both-flipped`: format, bilingual, translation
 * first) as export options.
 */
export function optionsOfChoice(choice: string): ExportOptions {
  return {
    format: choice.split('-')[0] as ExportFormat,
    includeOriginal: choice.includes('-both'),
    originalFirst: !choice.endsWith('-flipped'),
  };
}

/** Issue 39: a ZIP of every finished task of a batch, in each format chosen. */
export function downloadBatch(
  id: string,
  options: { formats: ExportFormat[]; includeOriginal: boolean },
): Promise<void> {
  const body: ExportBatchBody = { id, formats: options.formats, includeOriginal: options.includeOriginal };
  return downloadFile(API.batchExport, body, 'subtitles.zip');
}
