import { App as AntApp, ConfigProvider } from 'antd';
import 'antd/dist/antd.css';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isUiLanguage, type UiLanguage } from '../lib/i18n';
import { PageLoading } from './guards';

const ANTD_LOCALES = { zh: zhCN, en: enUS, ja: jaJP } as const;

/**
 * antd's defaults, darkened where they miss WCAG AA contrast on white (4.5:1): the primary blue
 * (#1677ff is 4.0:1; #0958d9 is 5.9:1, also under white button text) and the secondary greys.
 * public.css uses the same values for the pages drawn without antd.
 *
 * Zero runtime: the components' styles come from antd's prebuilt style sheet (loaded with this
 * layout, cached like any asset) instead of being generated in the browser on first use, which
 * cost a page like the editor a third of its first paint; the theme's values still apply, as the
 * CSS variables the sheet reads.
 */
const THEME = {
  zeroRuntime: true,
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  },
};

/**
 * The routes drawn with Ant Design sit under this layout route, loaded with the first of them:
 * the home page and the 404 never load antd. It stays mounted while the user moves between
 * those routes, so a message shown on one page survives the navigation to the next.
 */
export default function AntdLayout() {
  const { i18n } = useTranslation();
  const lang: UiLanguage = isUiLanguage(i18n.language) ? i18n.language : 'zh';
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={THEME}>
      <AntApp>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </AntApp>
    </ConfigProvider>
  );
}
