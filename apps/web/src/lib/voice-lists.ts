import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The user's glossaries and series, without their entries or memory: the glossary and series
 * pages list them, the upload forms offer them. One cache for both, refreshed by every change.
 */
export const glossariesQueryKey = ['glossaries'] as const;
export const seriesQueryKey = ['series'] as const;

export function useGlossaryList(enabled = true) {
  return useQuery({ queryKey: glossariesQueryKey, queryFn: () => api('glossaryList'), enabled });
}

export function useSeriesList(enabled = true) {
  return useQuery({ queryKey: seriesQueryKey, queryFn: () => api('seriesList'), enabled });
}

/**
 * Whether a glossary or series of one language pair fits a task's: the same target, and the same
 * source unless either says 'auto' (any source, or a file whose language is detected).
 */
export function fitsLanguages(
  item: { sourceLanguage: string; targetLanguage: string },
  source: string | undefined,
  target: string | undefined,
): boolean {
  if (!target || item.targetLanguage !== target) return false;
  return !source || source === 'auto' || item.sourceLanguage === 'auto' || item.sourceLanguage === source;
}
