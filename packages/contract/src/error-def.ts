/** The shape of one error code; its own file so the code tables of several files can share it. */
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
