import { Button, Card, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../app/public-layout';
import { useSiteConfig } from '../../../app/site-config';
import { usePageMeta } from '../../../lib/page-meta';

type InfoPageName = 'about' | 'contact' | 'terms' | 'privacy';

/** SPEC back rule: the page the user came from if known (same site), else home. */
function useBack() {
  const navigate = useNavigate();
  return () => {
    const ref = document.referrer ? new URL(document.referrer) : null;
    if (ref && ref.origin === window.location.origin && ref.pathname !== window.location.pathname) {
      void navigate(`${ref.pathname}${ref.search}`);
    } else if (window.history.length > 1 && window.location.pathname !== '/') {
      void navigate('/');
    } else {
      void navigate(-1);
    }
  };
}

/** About, contact, terms, privacy: their full content arrives with the public-site issue. */
export function InfoPage({ page }: { page: InfoPageName }) {
  usePageMeta(page);
  const { t } = useTranslation();
  const site = useSiteConfig();
  const back = useBack();
  return (
    <PublicLayout>
      <Card style={{ maxWidth: 820, margin: '0 auto' }}>
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back} style={{ paddingInline: 0 }}>
          {t('common.back')}
        </Button>
        <Typography.Title level={1}>{t(`pages.${page}.heading`)}</Typography.Title>
        <Typography.Paragraph>{t(`pages.${page}.body`, { email: site.supportEmail })}</Typography.Paragraph>
      </Card>
    </PublicLayout>
  );
}

export const AboutPage = () => <InfoPage page="about" />;
export const ContactPage = () => <InfoPage page="contact" />;
export const TermsPage = () => <InfoPage page="terms" />;
export const PrivacyPage = () => <InfoPage page="privacy" />;
