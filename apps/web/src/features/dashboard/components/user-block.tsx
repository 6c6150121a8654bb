import { Link } from 'react-router';
import { Avatar, Button, Flex, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { User } from '@subtrans/contract';
import { usePoints } from '../../../lib/points';
import { paths } from '../../../lib/paths';

/** Name, email (or that none is set, with a way to add one) and points at the top of the left menu. */
export function UserBlock({ user, onAddEmail }: { user: User; onAddEmail: () => void }) {
  const { t, i18n } = useTranslation();
  const points = usePoints();
  return (
    <Flex vertical align="center" gap={6} style={{ padding: '20px 12px' }} data-testid="user-block">
      <Avatar size={56} src={user.picture || undefined} icon={<UserOutlined />} alt={user.name} />
      <Flex align="center" gap={6} wrap justify="center">
        <Typography.Text strong style={{ color: 'inherit' }}>
          {user.name}
        </Typography.Text>
        {user.manager ? <Tag color="gold">{t('dashboard.adminTag')}</Tag> : null}
      </Flex>
      {user.email ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
          {user.email}
        </Typography.Text>
      ) : (
        <Flex align="center" gap={4} wrap justify="center">
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="no-email">
            {t('account.email.none')}
          </Typography.Text>
          <Button type="link" size="small" onClick={onAddEmail} data-testid="user-add-email">
            {t('account.email.add')}
          </Button>
        </Flex>
      )}
      <Link to={paths.assets} data-testid="user-points">
        {t('dashboard.points')}:{' '}
        {points.isError
          ? t('dashboard.pointsLoadFailed')
          : points.data === undefined
            ? '…'
            : points.data.toLocaleString(i18n.language)}
      </Link>
    </Flex>
  );
}
