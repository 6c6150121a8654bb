import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { type SiteConfig } from '@subtrans/contract';
import { api } from '../lib/api-client';
import { changeLanguage, hasExplicitLanguage, i18n } from '../lib/i18n';
import { followMoneyChanges } from '../lib/money-sync';
import { FALLBACK_SITE_CONFIG, SiteConfigContext } from '../lib/site-config';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

let siteConfigRequest: Promise<SiteConfig> | null = null;
/** The host's profile, asked once (main.tsx starts it before the first render). */
export const loadSiteConfig = () => (siteConfigRequest ??= api('siteConfig', {}));

/** Loads the host's site profile once; the host default language applies unless the user chose one. */
function SiteConfigLoader({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    loadSiteConfig()
      .then((c) => {
        if (!hasExplicitLanguage() && c.defaultLanguage !== i18n.language)
          void changeLanguage(c.defaultLanguage);
        setConfig(c);
      })
      .catch(() => setConfig(FALLBACK_SITE_CONFIG));
  }, []);
  if (!config) return null;
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function Providers({ children }: { children: ReactNode }) {
  // a balance or an order changed in another tab (a payment there): refreshed here too
  useEffect(() => followMoneyChanges(queryClient), []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SiteConfigLoader>{children}</SiteConfigLoader>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
