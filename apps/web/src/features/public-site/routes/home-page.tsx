import { Link, Navigate, useLocation } from 'react-router';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../app/public-layout';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../auth/api/session';

/** `/`, `/home` and the SEO routes. A signed-in user at `/` goes to the dashboard. */
export default function HomePage() {
  usePageMeta('home');
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isLoading } = useSession();
  if (pathname === '/' && user) return <Navigate to="/dashboard" replace />;
  return (
    <PublicLayout>
      <Flex vertical align="center" gap={16} style={{ padding: '64px 16px', textAlign: 'center' }}>
        <Typography.Title level={1}>{t('home.heroTitle')}</Typography.Title>
        <Typography.Paragraph style={{ maxWidth: 640, fontSize: 16 }}>
          {t('home.heroSubtitle')}
        </Typography.Paragraph>
        {user && !isLoading ? (
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
        )}
      </Flex>
    </PublicLayout>
  );
}
