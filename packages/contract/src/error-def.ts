export type UiLanguage = 'zh' | 'en' | 'ja';

/** One error kind: its stable code, its HTTP status, and its message in each interface language. */
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
