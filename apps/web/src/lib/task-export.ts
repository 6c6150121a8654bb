import { API, type ExportFormat } from '@subtrans/contract';
import { downloadFile } from './download';

/** Fetches the export and hands it to the browser as a download. */
export function downloadTask(
  id: string,
  format: ExportFormat,
  includeOriginal: boolean,
  originalFirst = true,
): Promise<void> {
  return downloadFile(API.taskExport, { id, format, includeOriginal, originalFirst }, `subtitles.${format}`);
}
