/** The interface languages every message is written in. */
export type UiLanguage = 'zh' | 'en' | 'ja';

export interface ErrorDef {
  code: number;
  status: number;
  msg: Record<UiLanguage, string>;
}

export const def = (code: number, status: number, zh: string, en: string, ja: string): ErrorDef => ({
  code,
  status,
  msg: { zh, en, ja },
});
