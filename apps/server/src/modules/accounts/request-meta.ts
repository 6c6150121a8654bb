import type { UiLanguage } from '@subtrans/contract';

/** Who asked, as a request tells it: for rate limits, sessions and the mails' language. */
export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  lang: UiLanguage;
}
