import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LangSwitcher } from './lang-switcher';
import { FlashNotice } from './flash-notice';
import { OriginLink } from './origin-link';
import { useSiteConfig } from '../lib/site-config';
import { paths } from '../lib/paths';

export function SiteFooter() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  return (
    <footer className="pub-footer">
      <nav aria-label="footer">
        <OriginLink to={paths.about}>{t('footer.about')}</OriginLink>
        <OriginLink to={paths.contact}>{t('footer.contact')}</OriginLink>
        <OriginLink to={paths.terms}>{t('footer.terms')}</OriginLink>
        <OriginLink to={paths.privacy}>{t('footer.privacy')}</OriginLink>
      </nav>
      {site.licenceNotice ? <p className="pub-notice">{site.licenceNotice}</p> : null}
    </footer>
  );
}

/**
 * Public pages: brand, language switcher, content, footer. Plain elements and public.css, no
 * Ant Design: the home page is drawn with this alone.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="pub-layout">
      <header className="pub-header">
        <Link to={paths.homeAlias} className="pub-brand">
          {t('app.name')}
        </Link>
        <LangSwitcher />
      </header>
      <div className="pub-content">
        <FlashNotice />
        <main>{children}</main>
      </div>
      <SiteFooter />
    </div>
  );
}
