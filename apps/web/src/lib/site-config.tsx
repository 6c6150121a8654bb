import { createContext, useContext } from 'react';
import type { SiteConfig } from '@subtrans/contract';

/** Used when /site/config cannot be loaded (offline): everything optional is off. */
export const FALLBACK_SITE_CONFIG: SiteConfig = {
  host: typeof window === 'undefined' ? 'localhost' : window.location.hostname,
  defaultLanguage: 'zh',
  googleLogin: false,
  wechatLogin: false,
  wechatAppId: null,
  languageSwitcher: true,
  googleTranslation: true,
  productListCall: '/product/list',
  paymentEnv: 'demo',
  licenceNotice: null,
  supportEmail: 'support@example.com',
  postalAddress: null,
  homeStats: {},
  enablePointsPurchase: true,
  includeOriginalText: false,
  publicOrigin: typeof window === 'undefined' ? '' : window.location.origin,
  alipayPayment: 'none',
  cardPayment: 'none',
  cardSdkUrl: null,
};

export const SiteConfigContext = createContext<SiteConfig>(FALLBACK_SITE_CONFIG);

/** The host's profile (SPEC host rules as data), loaded once at start. */
export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
