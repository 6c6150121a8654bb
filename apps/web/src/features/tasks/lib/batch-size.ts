import { STORAGE_KEYS, storage } from '../../../lib/storage';

/**
 * SPEC §9: the translation batch size may be overridden in the browser's storage. The stored
 * number goes with the start of a translation as it is; the server clamps it to its own bounds
 * (docs/media.md). Nothing stored, or something that is not a number: nothing is sent, and the
 * server's setting applies.
 */
export function storedBatchSize(): { batchSize?: number } {
  const raw = storage.get(STORAGE_KEYS.batchSize)?.trim();
  if (!raw) return {};
  const n = Number(raw);
  return Number.isFinite(n) ? { batchSize: n } : {};
}
