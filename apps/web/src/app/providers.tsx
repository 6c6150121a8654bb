import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { API, type SiteConfig } from '@subtrans/contract';
import { api } from '../lib/api-client';
import { hasExplicitLanguage, i18n, isUiLanguage, type UiLanguage } from '../lib/i18n';
import { FALLBACK_SITE_CONFIG, SiteConfigContext } from './site-config';

const ANTD_LOCALES = { zh: zhCN, en: enUS, ja: jaJP } as const;

/**
 * antd's defaults, darkened where they miss WCAG AA contrast on white (4.5:1): the primary blue
 * (#1677ff is 4.0:1; #0958d9 is 5.9:1, also under white button text) and the secondary greys.
 */
const THEME = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  },
};

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { i18n: inst } = useTranslation();
  const lang: UiLanguage = isUiLanguage(inst.language) ? inst.language : 'zh';
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={THEME}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

let siteConfigRequest: Promise<SiteConfig> | null = null;
/** The host's profile, asked once (main.tsx starts it before the first render). */
export const loadSiteConfig = () => (siteConfigRequest ??= api<SiteConfig>(API.siteConfig, {}));

/** Loads the host's site profile once; the host default language applies unless the user chose one. */
function SiteConfigLoader({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    loadSiteConfig()
      .then((c) => {
        if (!hasExplicitLanguage() && c.defaultLanguage !== i18n.language)
          void i18n.changeLanguage(c.defaultLanguage);
        setConfig(c);
      })
      .catch(() => setConfig(FALLBACK_SITE_CONFIG));
  }, []);
  if (!config) return null;
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalisedAntd>
          <SiteConfigLoader>{children}</SiteConfigLoader>
        </LocalisedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
