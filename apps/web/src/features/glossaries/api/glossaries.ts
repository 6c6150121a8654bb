import { useQuery } from '@tanstack/react-query';
import {
  API,
  type GlossaryFileFormat,
  type ImportGlossaryBody,
  type SaveGlossaryBody,
} from '@subtrans/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { glossariesQueryKey } from '../../../lib/voice-lists';

/** A glossary with its entries (under the list's key: every change refreshes both). */
export const glossaryQueryKey = (id: string) => [...glossariesQueryKey, id] as const;

export function useGlossary(id: string | null) {
  return useQuery({
    queryKey: glossaryQueryKey(id ?? ''),
    queryFn: () => api('glossaryGet', { id: id! }),
    enabled: id !== null,
  });
}

export const saveGlossary = (body: SaveGlossaryBody) => api('glossarySave', body);
export const deleteGlossary = (id: string) => api('glossaryDelete', { id });
export const importGlossary = (body: ImportGlossaryBody) => api('glossaryImport', body);

/** The glossary as a CSV or TSV file download (like a task's export). */
export const exportGlossary = (id: string, format: GlossaryFileFormat, name: string) =>
  downloadFile(API.glossaryExport, { id, format }, `${name || 'glossary'}.${format}`);
