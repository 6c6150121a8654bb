import { useState } from 'react';
import { Alert, App, Avatar, Button, Flex, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, GiftOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type AdminUser } from '@subtrans/contract';
import { useSession } from '../../../lib/session';
import { deleteUser, useUsers } from '../api/users';
import { CreateUserModal } from './create-user-modal';
import { GrantPointsModal } from './grant-points-modal';

/** Managers: paged users table (10 per page, size changer, quick jumper), create and delete. */
export function UsersView() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { user: me } = useSession();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES.users);
  const [creating, setCreating] = useState(false);
  const [granting, setGranting] = useState<(AdminUser & { point?: number }) | null>(null);
  const users = useUsers(page, size);

  const refresh = () => client.invalidateQueries({ queryKey: ['admin-users'] });

  const onDelete = async (u: AdminUser) => {
    try {
      await deleteUser(u.id);
      void message.success(t('admin.deleted'));
      if (users.data?.list.length === 1 && page > 1) setPage(page - 1);
      await refresh();
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('admin.deleteFailed'));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {t('admin.title')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="create-user"
        >
          {t('admin.create')}
        </Button>
      </Flex>
      {users.isError ? (
        <Alert
          type="error"
          showIcon
          title={
            users.error instanceof Error && users.error.message ? users.error.message : t('admin.listFailed')
          }
          action={
            <Button size="small" onClick={() => void users.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : null}
      <Table<AdminUser & { point?: number }>
        data-testid="users-table"
        rowKey="id"
        loading={users.isFetching}
        dataSource={users.data?.list ?? []}
        scroll={{ x: 720 }}
        pagination={{
          current: page,
          pageSize: size,
          total: users.data?.totalCount ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (count) => t('admin.total', { count }),
          onChange: (p, s) => {
            setPage(s !== size ? 1 : p);
            setSize(s);
          },
        }}
        columns={[
          {
            title: t('admin.columns.user'),
            dataIndex: 'name',
            render: (_, u) => (
              <Flex align="center" gap={8}>
                <Avatar size="small" src={u.picture || undefined} icon={<UserOutlined />} />
                {u.name}
              </Flex>
            ),
          },
          { title: t('admin.columns.email'), dataIndex: 'email' },
          {
            title: t('admin.columns.role'),
            dataIndex: 'manager',
            render: (m: boolean) =>
              m ? <Tag color="gold">{t('admin.roleManager')}</Tag> : <Tag>{t('admin.roleUser')}</Tag>,
          },
          {
            title: t('admin.columns.points'),
            dataIndex: 'point',
            render: (p: number | undefined, u) => (
              <Flex align="center" gap={4}>
                <span data-testid={`user-points-${u.id}`}>{(p ?? 0).toLocaleString(i18n.language)}</span>
                <Tooltip title={t('admin.grant.action')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<GiftOutlined />}
                    aria-label={t('admin.grant.action')}
                    data-testid={`grant-points-${u.id}`}
                    onClick={() => setGranting(u)}
                  />
                </Tooltip>
              </Flex>
            ),
          },
          {
            title: t('admin.columns.created'),
            dataIndex: 'createdAt',
            render: (v: string) => new Date(v).toLocaleString(i18n.language),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_, u) =>
              u.id === me?.id ? (
                <Tooltip title={t('admin.cannotDeleteSelf')}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled
                    aria-label={t('common.delete')}
                  />
                </Tooltip>
              ) : (
                <Popconfirm
                  title={t('admin.deleteConfirm', { email: u.email })}
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => void onDelete(u)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    data-testid={`delete-user-${u.id}`}
                    aria-label={t('common.delete')}
                  />
                </Popconfirm>
              ),
          },
        ]}
      />
      <GrantPointsModal user={granting} onClose={() => setGranting(null)} />
      <CreateUserModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void refresh();
        }}
      />
    </Flex>
  );
}
