import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UiLanguage, User } from '@subtrans/contract';
import { api } from './api-client';
import { currentLanguage, hasExplicitLanguage } from './i18n';
import { profileQueryKey, useSession } from './session';

/** the last change asked for ("user:language"): an effect run twice, or the switcher and the hook, ask once */
let asked: string | null = null;

/**
 * The account takes the language the user chose, so what the server writes (messages, the reasons
 * an import left rows out, mails) comes in it: for a signed-in caller the server uses the
 * account's language, not the page's. Failure is harmless; the next page asks again.
 */
export function rememberAccountLanguage(client: QueryClient, user: User, lang: UiLanguage): void {
  const key = `${user.id}:${lang}`;
  if (user.language === lang || asked === key) return;
  asked = key;
  api('updateProfile', { language: lang }).then(
    () =>
      client.setQueryData<User | null>(profileQueryKey, (u) =>
        u && u.id === user.id ? { ...u, language: lang } : u,
      ),
    () => {
      if (asked === key) asked = null;
    },
  );
}

/**
 * On the signed-in pages: a language chosen on this device (the switcher, or an address with
 * ?lang=, which counts as a choice) that the account does not have yet is given to it. The
 * host's default alone is no choice and leaves the account as it is.
 */
export function useAccountLanguage(): void {
  const client = useQueryClient();
  const { user } = useSession();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (user && hasExplicitLanguage()) rememberAccountLanguage(client, user, currentLanguage());
  }, [client, user, i18n.language]);
}
