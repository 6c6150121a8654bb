import type { SubtitleLanguageCode } from '@subtrans/contract';

/**
 * A transcription language code as the subtitle list names it (zh → zh-CN, nb → no); any other
 * code is kept as it is (the engines translate from it, it is only not in the list's menu).
 */
export function subtitleLanguageOf(code: string): string {
  const map: Record<string, SubtitleLanguageCode> = { zh: 'zh-CN', nb: 'no', nn: 'no', iw: 'he', fil: 'tl' };
  return map[code] ?? code;
}
