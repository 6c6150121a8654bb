import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, App, Button, Drawer, Dropdown, Flex, Grid, Layout, Menu, Typography } from 'antd';
import {
  BookOutlined,
  KeyOutlined,
  MenuOutlined,
  PlaySquareOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  TranslationOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LangSwitcher } from '../../components/lang-switcher';
import { RequireManager } from '../../components/require-manager';
import { useSiteConfig } from '../../lib/site-config';
import { usePageMeta } from '../../lib/page-meta';
import { UsersView } from '../../features/admin/components/users-view';
import { GlossariesView } from '../../features/glossaries/components/glossaries-view';
import { SeriesView } from '../../features/series/components/series-view';
import { AlipayResultDialog } from '../../features/billing/components/alipay-result-dialog';
import { CardResultDialog } from '../../features/billing/components/card-result-dialog';
import { BuyPointsView } from '../../features/billing/components/buy-points-view';
import { OrdersView } from '../../features/billing/components/orders-view';
import { ApiKeysView } from '../../features/api-keys/components/api-keys-view';
import { useSession } from '../../lib/session';
import { useAccountActions } from '../../features/dashboard/components/account-actions';
import { TrialNotice } from '../../features/dashboard/components/trial-notice';
import { TranslateView } from './translate-view';
import { useOnline } from '../../features/dashboard/components/use-online';
import { UserBlock } from '../../features/dashboard/components/user-block';
import { DASHBOARD_VIEWS, type DashboardView } from '../../lib/paths';

export default function DashboardPage() {
  usePageMeta('dashboard');
  const { t } = useTranslation();
  const { message } = App.useApp();
  const site = useSiteConfig();
  const { user, isManager } = useSession();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const requested = params.get('view');
  let view: DashboardView = (DASHBOARD_VIEWS as readonly string[]).includes(requested ?? '')
    ? (requested as DashboardView)
    : 'translate';
  if (view === 'points' && !site.enablePointsPurchase) view = 'translate';
  const account = useAccountActions(user);
  // on a phone the menu is a drawer opened from the header, so nothing covers the page's heading
  const narrow = Grid.useBreakpoint().md === false;
  const [menuOpen, setMenuOpen] = useState(false);
  if (!user) return null;

  const select = (key: string) => {
    if (key === 'users' && !isManager) {
      void message.warning(t('guard.managerOnly'));
      return;
    }
    setParams(key === 'translate' ? {} : { view: key });
    setMenuOpen(false);
  };

  const menuItems = [
    { key: 'translate', icon: <TranslationOutlined />, label: t('dashboard.menu.translate') },
    { key: 'glossaries', icon: <BookOutlined />, label: t('dashboard.menu.glossaries') },
    { key: 'series', icon: <PlaySquareOutlined />, label: t('dashboard.menu.series') },
    ...(site.enablePointsPurchase
      ? [{ key: 'points', icon: <ShoppingCartOutlined />, label: t('dashboard.menu.points') }]
      : []),
    { key: 'orders', icon: <UnorderedListOutlined />, label: t('dashboard.menu.orders') },
    { key: 'keys', icon: <KeyOutlined />, label: t('dashboard.menu.keys') },
    { key: 'users', icon: <TeamOutlined />, label: t('dashboard.menu.users') },
    { key: 'settings', icon: <SettingOutlined />, label: t('dashboard.menu.settings'), disabled: true },
  ];

  const content: Record<DashboardView, ReactNode> = {
    translate: <TranslateView />,
    glossaries: <GlossariesView />,
    series: <SeriesView />,
    points: <BuyPointsView />,
    orders: <OrdersView />,
    keys: <ApiKeysView />,
    users: (
      <RequireManager>
        <UsersView />
      </RequireManager>
    ),
  };

  const nav = (
    <nav aria-label={t('app.name')}>
      <UserBlock user={user} onAddEmail={account.addEmail} />
      <Menu
        mode="inline"
        selectedKeys={[view]}
        items={menuItems}
        onClick={({ key }) => select(key)}
        data-testid="dashboard-menu"
      />
    </nav>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {narrow ? (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement="left"
          size={260}
          closable={false}
          styles={{ body: { padding: 0 } }}
          data-testid="dashboard-drawer"
        >
          {nav}
        </Drawer>
      ) : (
        <Layout.Sider width={232} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
          {nav}
        </Layout.Sider>
      )}
      <Layout>
        {/* as tall as its heading: a long welcome wraps onto a second line rather than being cut */}
        <Layout.Header
          style={{
            height: 'auto',
            minHeight: 64,
            lineHeight: 1.4,
            paddingBlock: 8,
            background: '#fff',
            borderBottom: '1px solid #f0f0f0',
            paddingInline: narrow ? 12 : 24,
          }}
        >
          <Flex align="center" justify="space-between" style={{ minHeight: 48 }} gap={narrow ? 8 : 12}>
            {narrow ? (
              <Button
                type="text"
                icon={<MenuOutlined />}
                onClick={() => setMenuOpen(true)}
                aria-label={t('dashboard.openMenu')}
                aria-expanded={menuOpen}
                data-testid="dashboard-menu-button"
              />
            ) : null}
            <Typography.Title
              level={1}
              style={{
                flex: 1,
                minWidth: 0,
                fontSize: narrow ? 16 : 18,
                margin: 0,
                overflowWrap: 'anywhere',
              }}
              data-testid="welcome"
            >
              {t('dashboard.welcome', { name: user.name })}
              {isManager ? t('dashboard.adminSuffix') : ''}
            </Typography.Title>
            <Flex align="center" gap={narrow ? 8 : 12} style={{ flex: 'none' }}>
              <LangSwitcher />
              {/* on a phone the icon alone: the welcome beside it already says the name */}
              <Dropdown trigger={['click']} menu={{ items: account.menuItems }}>
                <Button icon={<UserOutlined />} data-testid="user-menu" aria-label={user.name}>
                  {narrow ? null : user.name}
                </Button>
              </Dropdown>
            </Flex>
          </Flex>
        </Layout.Header>
        {/* Layout.Content is the page's <main> */}
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          {!online ? (
            <Alert
              type="error"
              showIcon
              title={t('dashboard.offline')}
              style={{ marginBottom: 16 }}
              role="alert"
            />
          ) : null}
          <TrialNotice user={user} />
          {content[view]}
        </Layout.Content>
      </Layout>
      {account.dialogs}
      <AlipayResultDialog />
      <CardResultDialog />
    </Layout>
  );
}
