import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import CheckCircleOutlined from '@ant-design/icons-svg/es/asn/CheckCircleOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import SyncOutlined from '@ant-design/icons-svg/es/asn/SyncOutlined';
import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import { SUBTITLE_LANGUAGES, UI_LANGUAGES } from '@subtrans/contract';
import { POINTS_PER_MINUTE } from '@subtrans/subtitles/cost';
import { Phrases } from '../../../components/phrases';
import { PublicLayout } from '../../../components/public-layout';
import { useSiteConfig } from '../../../lib/site-config';
import { isUiLanguage } from '../../../lib/i18n';
import { runtimeKey } from '../../../lib/i18n-keys';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { SvgIcon } from '../../../components/svg-icon';
import './home-page.css';
import { paths } from '../../../lib/paths';

const FEATURES = [
  { key: 'translate', icon: GlobalOutlined },
  { key: 'editor', icon: EditOutlined },
  { key: 'retranslate', icon: SyncOutlined },
  { key: 'quality', icon: CheckCircleOutlined },
  { key: 'export', icon: FileTextOutlined },
  { key: 'points', icon: WalletOutlined },
] as const;

/** The SEO route a visitor came by: its own heading and title, the home page's content. */
const seoPage = (pathname: string) => {
  const slug = pathname.replace(/^\//, '');
  return slug && slug !== 'home' ? slug : null;
};

/**
 * `/`, `/home` and the SEO routes: hero, figures, six features and the call to action. The
 * figures are what the product can prove (languages counted from its list, the price per minute)
 * plus what the host's profile configures; nothing else is claimed. Drawn without Ant Design
 * (public.css, home-page.css): the first page a visitor opens loads the least code.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const seo = seoPage(pathname);
  usePageMeta(seo ? `seo.${seo}` : 'home');
  const site = useSiteConfig();
  const { user, isLoading } = useSession();
  if (pathname === paths.home && user) return <Navigate to={paths.dashboard} replace />;
  const lang = isUiLanguage(i18n.language) ? i18n.language : 'zh';
  const stats = [
    { value: String(SUBTITLE_LANGUAGES.length), label: t('home.stats.languages') },
    { value: String(UI_LANGUAGES.length), label: t('home.stats.interface') },
    { value: String(POINTS_PER_MINUTE), label: t('home.stats.pointsPerMinute') },
    ...(site.homeStats[lang] ?? []),
  ];
  const cta =
    user && !isLoading ? (
      <Link to={paths.dashboard} className="pub-button">
        {t('home.toDashboard')}
      </Link>
    ) : (
      <Link to={paths.login} className="pub-button" data-testid="get-started">
        {t('home.getStarted')}
      </Link>
    );
  return (
    <PublicLayout>
      <div className="home-hero">
        <h1 data-testid="home-title">
          <Phrases text={seo ? t(runtimeKey('meta.seo.*.heading', seo)) : t('home.heroTitle')} />
        </h1>
        <p>{t('home.heroSubtitle')}</p>
        {cta}
      </div>
      <section aria-label={t('home.stats.label')} className="home-stats">
        <ul data-testid="home-stats">
          {stats.map((s) => (
            <li key={s.label} className="pub-card">
              <span className="home-stat-label">{s.label}</span>
              <span className="home-stat-value">{s.value}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="home-features" aria-labelledby="home-features-title">
        <h2 id="home-features-title">
          <Phrases text={t('home.featuresTitle')} />
        </h2>
        <ul>
          {FEATURES.map((f) => (
            <li key={f.key} className="pub-card" data-testid={`feature-${f.key}`}>
              <h3>
                <SvgIcon icon={f.icon} />
                <Phrases text={t(`home.features.${f.key}.title`)} />
              </h3>
              <p>{t(`home.features.${f.key}.text`, { points: POINTS_PER_MINUTE })}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="home-cta">
        <h2>
          <Phrases text={t('home.ctaTitle')} />
        </h2>
        {cta}
      </div>
    </PublicLayout>
  );
}
