import { UI_LANGUAGES, type UiLanguage } from '@subtrans/contract';

export function languageFromAcceptLanguage(header: string | undefined): UiLanguage | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] as UiLanguage;
    if ((UI_LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return undefined;
}
