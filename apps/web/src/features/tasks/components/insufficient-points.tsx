import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../../lib/site-config';
import { dashboardView } from '../../../lib/paths';

/**
 * SPEC §5 insufficient-points confirmation: says how many points are needed and available, and
 * offers to buy points (where this host sells them).
 */
export function useInsufficientPoints() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const site = useSiteConfig();
  return (needed: number, current: number) => {
    const content = t('tasks.insufficient.content', { needed, current });
    if (!site.enablePointsPurchase) {
      void modal.warning({ title: t('tasks.insufficient.title'), content, okText: t('common.ok') });
      return;
    }
    void modal.confirm({
      title: t('tasks.insufficient.title'),
      content,
      okText: t('tasks.insufficient.buy'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'insufficient-buy' },
      onOk: () => void navigate(dashboardView('points')),
    });
  };
}
