import zh from '@subtrans/locales/legal/zh.json';
import en from '@subtrans/locales/legal/en.json';
import ja from '@subtrans/locales/legal/ja.json';

/**
 * Text content of the public about, contact, terms and privacy pages, one data file a language
 * in @subtrans/locales (legal/*.json); this types them.
 *
 * Every language has the same structure (same number of sections, paragraphs
 * and items per page). Strings in `privacy` use i18next-style placeholders:
 * `{{email}}` (support email), `{{host}}` (current host name) and
 * `{{address}}` (postal address).
 */

export type ContentLanguage = 'zh' | 'en' | 'ja';

export interface Section {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface LegalContent {
  about: { title: string; intro: string; sections: Section[] };
  contact: {
    title: string;
    intro: string;
    hoursHeading: string;
    hours: string;
    replyTime: string;
    emailHeading: string;
    faqHeading: string;
    faq: FaqEntry[];
  };
  terms: { title: string; updated: string; sections: Section[] };
  privacy: { title: string; updated: string; sections: Section[]; effective: string };
}

export const LEGAL: Record<ContentLanguage, LegalContent> = { zh, en, ja };
