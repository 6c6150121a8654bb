import { Link, Navigate, useLocation } from 'react-router';
import { Button, Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import {
  CheckCircleOutlined,
  EditOutlined,
  FileTextOutlined,
  GlobalOutlined,
  SyncOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SUBTITLE_LANGUAGES, UI_LANGUAGES } from '@subtrans/contract';
import { POINTS_PER_MINUTE } from '@subtrans/subtitles/cost';
import { PublicLayout } from '../../../app/public-layout';
import { useSiteConfig } from '../../../app/site-config';
import { isUiLanguage } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../auth/api/session';

const FEATURES = [
  { key: 'translate', icon: <GlobalOutlined /> },
  { key: 'editor', icon: <EditOutlined /> },
  { key: 'retranslate', icon: <SyncOutlined /> },
  { key: 'quality', icon: <CheckCircleOutlined /> },
  { key: 'export', icon: <FileTextOutlined /> },
  { key: 'points', icon: <WalletOutlined /> },
] as const;

/** The SEO route a visitor came by: its own heading and title, the home page's content. */
const seoPage = (pathname: string) => {
  const slug = pathname.replace(/^\//, '');
  return slug && slug !== 'home' ? slug : null;
};

/**
 * `/`, `/home` and the SEO routes: hero, figures, six features and the call to action. The
 * figures are what the product can prove (languages counted from its list, the price per minute)
 * plus what the host's profile configures; nothing else is claimed.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const seo = seoPage(pathname);
  usePageMeta(seo ? `seo.${seo}` : 'home');
  const site = useSiteConfig();
  const { user, isLoading } = useSession();
  if (pathname === '/' && user) return <Navigate to="/dashboard" replace />;
  const lang = isUiLanguage(i18n.language) ? i18n.language : 'zh';
  const stats = [
    { value: String(SUBTITLE_LANGUAGES.length), label: t('home.stats.languages') },
    { value: String(UI_LANGUAGES.length), label: t('home.stats.interface') },
    { value: String(POINTS_PER_MINUTE), label: t('home.stats.pointsPerMinute') },
    ...(site.homeStats[lang] ?? []),
  ];
  const cta =
    user && !isLoading ? (
      <Link to="/dashboard">
        <Button type="primary" size="large">
          {t('home.toDashboard')}
        </Button>
      </Link>
    ) : (
      <Link to="/login">
        <Button type="primary" size="large" data-testid="get-started">
          {t('home.getStarted')}
        </Button>
      </Link>
    );
  return (
    <PublicLayout>
      <Flex vertical align="center" gap={16} style={{ padding: '48px 16px 32px', textAlign: 'center' }}>
        <Typography.Title level={1} data-testid="home-title">
          {seo ? t(`meta.seo.${seo}.heading`) : t('home.heroTitle')}
        </Typography.Title>
        <Typography.Paragraph style={{ maxWidth: 680, fontSize: 16 }}>
          {t('home.heroSubtitle')}
        </Typography.Paragraph>
        {cta}
      </Flex>
      <section aria-label={t('home.stats.label')} style={{ maxWidth: 960, margin: '0 auto 40px' }}>
        <Row gutter={[16, 16]} justify="center" data-testid="home-stats">
          {stats.map((s) => (
            <Col key={s.label} xs={12} md={6}>
              <Card>
                <Statistic title={s.label} value={s.value} />
              </Card>
            </Col>
          ))}
        </Row>
      </section>
      <section style={{ maxWidth: 1080, margin: '0 auto' }}>
        <Typography.Title level={2} style={{ textAlign: 'center' }}>
          {t('home.featuresTitle')}
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {FEATURES.map((f) => (
            <Col key={f.key} xs={24} md={12} lg={8}>
              <Card style={{ height: '100%' }} data-testid={`feature-${f.key}`}>
                <Typography.Title level={3} style={{ fontSize: 18, marginTop: 0 }}>
                  <span aria-hidden style={{ color: '#1677ff', marginInlineEnd: 8 }}>
                    {f.icon}
                  </span>
                  {t(`home.features.${f.key}.title`)}
                </Typography.Title>
                <Typography.Paragraph style={{ marginBottom: 0 }}>
                  {t(`home.features.${f.key}.text`, { points: POINTS_PER_MINUTE })}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
      <Flex vertical align="center" gap={12} style={{ padding: '48px 16px' }}>
        <Typography.Title level={2}>{t('home.ctaTitle')}</Typography.Title>
        {cta}
      </Flex>
    </PublicLayout>
  );
}
