import { GLOSSARY_LIMITS, type GlossaryFileFormat } from '@subtrans/contract';

export type ImportFile =
  | { ok: true; format: GlossaryFileFormat; text: string; name: string }
  | { ok: false; reason: 'tooLarge' | 'empty' | 'unreadable' };

/** A glossary's name from its file's (the extension left out). */
export const nameOfFile = (fileName: string) =>
  fileName
    .replace(/\.[^.]+$/, '')
    .trim()
    .slice(0, 80);

/**
 * The format of a glossary file: by its extension, else by its header row (a tab before any
 * comma reads as TSV).
 */
export function formatOf(fileName: string, text: string): GlossaryFileFormat {
  if (/\.tsv$/i.test(fileName)) return 'tsv';
  if (/\.csv$/i.test(fileName)) return 'csv';
  const end = text.indexOf('\n');
  const header = end < 0 ? text : text.slice(0, end);
  const tab = header.indexOf('\t');
  const comma = header.indexOf(',');
  return tab >= 0 && (comma < 0 || tab < comma) ? 'tsv' : 'csv';
}

/**
 * Reads a CSV/TSV file as text in the browser (UTF-8, a byte-order mark dropped); the server
 * parses it. A text over the import's limit is refused here, before it is sent.
 */
export async function readImportFile(file: File): Promise<ImportFile> {
  let text: string;
  try {
    text = (await file.text()).replace(/^\uFEFF/, '');
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (text.length > GLOSSARY_LIMITS.importChars) return { ok: false, reason: 'tooLarge' };
  if (!text.trim()) return { ok: false, reason: 'empty' };
  return { ok: true, format: formatOf(file.name, text), text, name: file.name };
}
