import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Flex, Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LangSwitcher } from './lang-switcher';
import { useSiteConfig } from './site-config';

export function SiteFooter() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  return (
    <Layout.Footer style={{ textAlign: 'center' }}>
      <nav aria-label="footer">
        <Space size="large" wrap>
          <Link to="/about">{t('footer.about')}</Link>
          <Link to="/contact">{t('footer.contact')}</Link>
          <Link to="/terms">{t('footer.terms')}</Link>
          <Link to="/privacy">{t('footer.privacy')}</Link>
        </Space>
      </nav>
      {site.licenceNotice ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {site.licenceNotice}
        </Typography.Paragraph>
      ) : null}
    </Layout.Footer>
  );
}

/** Public pages: brand, language switcher, content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', borderBottom: '1px solid #f0f0f0', paddingInline: 24 }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Link to="/home" style={{ fontWeight: 600, fontSize: 18 }}>
            {t('app.name')}
          </Link>
          <LangSwitcher />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: '32px 16px' }}>
        <main>{children}</main>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
