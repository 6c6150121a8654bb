import type { UiLanguage } from '@subtrans/contract';
import zh from '@subtrans/locales/sandbox/zh.json';
import en from '@subtrans/locales/sandbox/en.json';
import ja from '@subtrans/locales/sandbox/ja.json';

/** The sandbox checkout page's words, one data file a language in @subtrans/locales (sandbox/). */
export type SandboxPageTexts = typeof zh;

export const SANDBOX_PAGE_TEXTS: Record<UiLanguage, SandboxPageTexts> = { zh, en, ja };
