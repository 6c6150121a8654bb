import { createRequire } from 'node:module';
import { UI_LANGUAGES, type UiLanguage } from '@subtrans/contract';
import { messageAt, type MessageKey, type Messages } from '@subtrans/locales';

/**
 * The web's interface texts (@subtrans/locales), so a test asserts what the page shows in each
 * language without copying its words: a reworded text changes the test with it, a missing one
 * fails it (`text` throws on a key without a text).
 */

export const LANGS = UI_LANGUAGES;
export type Lang = UiLanguage;

// required, not imported: Node loads JSON modules only with an import attribute
const load = createRequire(import.meta.url);
const MESSAGES: Record<Lang, Messages> = {
  zh: load('@subtrans/locales/zh.json') as Messages,
  en: load('@subtrans/locales/en.json') as Messages,
  ja: load('@subtrans/locales/ja.json') as Messages,
};

/** a key of a counted text without its plural suffix, as the web's `t()` takes it */
type Counted<K> = K extends `${infer Base}_other` ? Base : never;
export type TextKey = MessageKey | Counted<MessageKey>;

/**
 * The text at `key` in `lang` with `{{name}}` filled from `values`, as i18next renders it: with a
 * numeric `count`, the plural form the language's rules choose (`_one`, `_other`).
 */
export function text(lang: Lang, key: TextKey, values: Record<string, string | number> = {}): string {
  const messages = MESSAGES[lang];
  const count = values.count;
  const form =
    typeof count === 'number'
      ? messageAt(messages, `${key}_${new Intl.PluralRules(lang).select(count)}` as MessageKey) ||
        messageAt(messages, `${key}_other` as MessageKey)
      : '';
  const template = form || messageAt(messages, key as MessageKey);
  if (!template) throw new Error(`no ${lang} text at ${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${lang} ${key}: no value for ${whole}`);
    return String(value);
  });
}

/** `text` bound to one language */
export const textsOf = (lang: Lang) => (key: TextKey, values?: Record<string, string | number>) =>
  text(lang, key, values);

/** The label of an editable table's cell, as `voice.table.cell` writes it ("Term, row 1"). */
export const cellLabel = (lang: Lang, field: TextKey, row: number) =>
  text(lang, 'voice.table.cell', { field: text(lang, field), row });
