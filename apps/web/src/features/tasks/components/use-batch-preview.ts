import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { BATCH_LIMITS, errorMessage, type UiLanguage } from '@subtrans/contract';
import { hasSubtitleExtension } from '@subtrans/subtitles/extensions';
import { currentLanguage } from '../../../lib/i18n';
import type { SrtCheck, SrtPreview } from '../lib/srt-preview';
import { sortFiles } from '../lib/batch-rows';

/** the SRT reader, loaded with the dialog (srt-upload-modal.tsx) */
const loadPreview = () => import('../lib/srt-preview');

/** Why a file is refused, in the user's language: its content's error, or the check's own text. */
export function refusalText(check: Exclude<SrtCheck, { ok: true }>, t: TFunction, ui: UiLanguage): string {
  return 'content' in check
    ? errorMessage(check.content, ui)
    : t(`tasks.upload.reject.${check.reason}`, check.params);
}

/** One file of a batch as the dialog lists it: being read, read (its preview), or refused (why). */
export type BatchEntry = { key: string; file: File } & (
  { state: 'checking' } | { state: 'ready'; preview: SrtPreview } | { state: 'refused'; error: string }
);

/** what a pick of many files holds: the files listed, and how many subtitle files went past the limit */
export interface BatchPick {
  entries: BatchEntry[];
  overLimit: number;
}

const EMPTY: BatchPick = { entries: [], overLimit: 0 };

/**
 * Issue 39: many files picked at once (or a folder's), each read in the browser as a single file
 * is (cues, detected language, cost) one after the other, so the list fills as they are read.
 * Files in name order (ep2 before ep10); hidden files (.DS_Store) left out; at most
 * BATCH_LIMITS.files subtitle files, the rest counted as left out. A file of another kind is
 * listed with its reason. A new pick replaces the last.
 */
export function useBatchPreview() {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const [pick, setPick] = useState<BatchPick>(EMPTY);
  // the latest pick wins: a pick still being read when another comes stops
  const picks = useRef(0);

  const choose = useCallback(
    async (files: readonly File[]) => {
      const id = ++picks.current;
      const sorted = sortFiles(files.filter((f) => !f.name.startsWith('.')));
      let subtitles = 0;
      const kept = sorted.filter((f) => !hasSubtitleExtension(f.name) || ++subtitles <= BATCH_LIMITS.files);
      const entries: BatchEntry[] = kept.map((file, i) => ({
        key: `${i}:${file.name}`,
        file,
        state: 'checking',
      }));
      setPick({ entries, overLimit: Math.max(0, subtitles - BATCH_LIMITS.files) });
      const set = (key: string, entry: BatchEntry) =>
        setPick((p) => ({ ...p, entries: p.entries.map((e) => (e.key === key ? entry : e)) }));
      for (const entry of entries) {
        if (id !== picks.current) return;
        const { key, file } = entry;
        try {
          const { previewSrt } = await loadPreview();
          const check = await previewSrt(file.name, new Uint8Array(await file.arrayBuffer()));
          if (id !== picks.current) return;
          set(
            key,
            check.ok
              ? { key, file, state: 'ready', preview: check.preview }
              : { key, file, state: 'refused', error: refusalText(check, t, ui) },
          );
        } catch {
          if (id === picks.current)
            set(key, { key, file, state: 'refused', error: t('common.networkError') });
        }
      }
    },
    [t, ui],
  );

  const reset = useCallback(() => {
    picks.current += 1;
    setPick(EMPTY);
  }, []);

  /** a file taken off the list (its reading, if under way, is let finish and dropped) */
  const remove = useCallback((key: string) => {
    setPick((p) => ({ ...p, entries: p.entries.filter((e) => e.key !== key) }));
  }, []);

  const ready = pick.entries.flatMap((e) => (e.state === 'ready' ? [e] : []));
  return {
    ...pick,
    ready,
    checking: pick.entries.some((e) => e.state === 'checking'),
    refused: pick.entries.filter((e) => e.state === 'refused').length,
    /** the points of one language: each file's price */
    cost: ready.reduce((sum, e) => sum + e.preview.cost, 0),
    choose,
    reset,
    remove,
  };
}
