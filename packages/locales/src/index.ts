import type { UiLanguage } from '@subtrans/contract';
import type zh from './zh.json';

/**
 * The interface texts of one language, shaped as zh's: every language has exactly zh's keys
 * (the web's i18n.test.ts checks both ways; the loaders below check that none is missing).
 */
export type Messages = typeof zh;

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** A text's dotted key, such as `meta.home.title`. */
export type MessageKey = Leaves<Messages>;

/**
 * Each language's texts, loaded when first asked for: the web app makes each its own chunk (a
 * visitor downloads one language), the server's build bundles them in.
 */
export const MESSAGES: Record<UiLanguage, () => Promise<Messages>> = {
  zh: () => import('./zh.json').then((m) => m.default),
  en: () => import('./en.json').then((m) => m.default),
  ja: () => import('./ja.json').then((m) => m.default),
};

/** Every language's texts; rejects, naming the language, when one cannot be loaded. */
export async function loadAllMessages(
  loaders: Record<UiLanguage, () => Promise<Messages>> = MESSAGES,
): Promise<Record<UiLanguage, Messages>> {
  const load = async (lang: UiLanguage) => {
    try {
      const messages = await loaders[lang]();
      if (typeof messages !== 'object' || messages === null) throw new Error('not an object of texts');
      return messages;
    } catch (e) {
      throw new Error(
        `The interface texts for "${lang}" (@subtrans/locales ${lang}.json) cannot be loaded: ${e instanceof Error ? e.message : String(e)}`,
        { cause: e },
      );
    }
  };
  const [zhTexts, enTexts, jaTexts] = await Promise.all([load('zh'), load('en'), load('ja')]);
  return { zh: zhTexts, en: enTexts, ja: jaTexts };
}

/** The text at `key`; '' where there is none (a key made at run time may name none). */
export function messageAt(messages: Messages, key: MessageKey): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : '';
}
