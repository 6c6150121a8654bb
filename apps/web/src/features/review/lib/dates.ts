import { useTranslation } from 'react-i18next';
import { HTML_LANG } from '@subtrans/contract';
import { isUiLanguage } from '../../../lib/i18n';

/** Dates and times written in the interface language, redrawn when it changes. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const locale = HTML_LANG[isUiLanguage(i18n.language) ? i18n.language : 'zh'];
  return (iso: string, style: 'medium' | 'short' = 'medium') =>
    new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: 'short' }).format(new Date(iso));
}
