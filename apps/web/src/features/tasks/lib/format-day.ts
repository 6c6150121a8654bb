import type { UiLanguage } from '@subtrans/contract';

/** A day in the user's language: 2025年1月8日, January 8, 2025, 2025年1月8日. */
export function formatDay(iso: string, ui: UiLanguage): string {
  return new Intl.DateTimeFormat(ui, { dateStyle: 'long' }).format(new Date(iso));
}
