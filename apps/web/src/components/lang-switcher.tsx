import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES } from '@subtrans/contract';
import { LANGUAGE_LABELS, chooseLanguage, currentLanguage, isUiLanguage } from '../lib/i18n';
import { rememberAccountLanguage } from '../lib/account-language';
import { useSiteConfig } from '../lib/site-config';
import { useSession } from '../lib/session';

/**
 * zh / en / ja; shown only where the host's profile allows it. The choice is stored (and on the
 * account). A native select: keyboard and screen readers know it, and it costs no library.
 */
export function LangSwitcher() {
  const { t, i18n } = useTranslation();
  const site = useSiteConfig();
  const { user } = useSession();
  const client = useQueryClient();
  if (!site.languageSwitcher) return null;
  const onChange = (lang: string) => {
    if (!isUiLanguage(lang)) return;
    void chooseLanguage(lang);
    const url = new URL(window.location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang');
      window.history.replaceState(window.history.state, '', url);
    }
    // the account remembers it too, so server mails and messages follow; failure is harmless
    if (user) rememberAccountLanguage(client, user, lang);
  };
  return (
    <select
      className="lang-switcher"
      data-testid="lang-switcher"
      aria-label={t('common.language')}
      value={i18n.language ? currentLanguage() : 'zh'}
      onChange={(e) => onChange(e.target.value)}
    >
      {UI_LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {LANGUAGE_LABELS[l]}
        </option>
      ))}
    </select>
  );
}
