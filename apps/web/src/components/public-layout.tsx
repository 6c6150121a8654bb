import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LangSwitcher } from './lang-switcher';
import { FlashNotice } from './flash-notice';
import { OriginLink } from './origin-link';
import { useSession } from '../lib/session';
import { useSiteConfig } from '../lib/site-config';
import { paths } from '../lib/paths';

export function SiteFooter() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  return (
    <footer className="pub-footer">
      <nav aria-label={t('footer.label')}>
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
 * Public pages: brand, sign-in (for a returning visitor), language switcher, content, footer.
 * Plain elements and public.css, no Ant Design: the home page is drawn with this alone.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const { pathname } = useLocation();
  return (
    <div className="pub-layout">
      <header className="pub-header">
        <Link to={paths.homeAlias} className="pub-brand">
          {t('app.name')}
        </Link>
        <div className="pub-header-end">
          {!isLoading && !user && pathname !== paths.login ? (
            <Link to={paths.login} className="pub-header-link" data-testid="header-sign-in">
              {t('header.signIn')}
            </Link>
          ) : null}
          <LangSwitcher />
        </div>
      </header>
      <div className="pub-content">
        <FlashNotice />
        <main>{children}</main>
      </div>
      <SiteFooter />
    </div>
  );
}
