import { useState } from 'react';
import { App, Button, Flex, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_KEYS, type ApiKey } from '@subtrans/contract';
import { ListCard } from '../../../components/owned-list';
import { currentLanguage } from '../../../lib/i18n';
import { apiKeysQueryKey, revokeApiKey, useApiKeys } from '../api/api-keys';
import { NewKeyDialog } from './new-key-dialog';
import { WebhookCard } from './webhook-card';

/** the card width from which the dates have columns of their own (below: under the name) */
const ROOMY = 640;

/**
 * The dashboard's API keys (?view=keys, issue 39): each key by name, its first characters and
 * scope, when it was made and last used; a new key (its secret shown once), a key revoked.
 */
export function ApiKeysView() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useApiKeys();
  const [creating, setCreating] = useState(false);
  const ui = currentLanguage();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(ui) : t('apiKeys.never'));
  const full = (list.data?.length ?? 0) >= API_KEYS.perUser;

  const revoke = async (key: ApiKey) => {
    try {
      await revokeApiKey(key.id);
      void message.success(t('apiKeys.revoked', { name: key.name }));
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      await client.invalidateQueries({ queryKey: apiKeysQueryKey });
    }
  };

  const newButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={full}
      onClick={() => setCreating(true)}
      data-testid="api-key-new"
    >
      {t('apiKeys.new')}
    </Button>
  );

  return (
    <>
      <ListCard<ApiKey>
        heading={t('apiKeys.title')}
        actions={
          full ? (
            <Tooltip title={t('apiKeys.full', { max: API_KEYS.perUser })}>{newButton}</Tooltip>
          ) : (
            newButton
          )
        }
        intro={t('apiKeys.intro', { count: list.data?.length ?? 0, max: API_KEYS.perUser })}
        list={list}
        loadFailed={t('apiKeys.loadFailed')}
        empty={t('apiKeys.empty')}
        testId="api-keys"
        footer={<NewKeyDialog open={creating} onClose={() => setCreating(false)} />}
      >
        {(rows, width) => (
          <Table<ApiKey>
            rowKey="id"
            size="middle"
            dataSource={rows}
            pagination={false}
            onRow={(k) => ({ 'data-testid': `api-key-${k.id}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: t('apiKeys.name'),
                dataIndex: 'name',
                render: (name: string, k) => (
                  <Flex vertical align="start" gap={2}>
                    <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Typography.Text>
                    <Typography.Text code data-testid="api-key-prefix">
                      {`${k.prefix}…`}
                    </Typography.Text>
                    {width >= ROOMY ? null : (
                      <Typography.Text type="secondary">
                        {t('apiKeys.lastUsedShort', { when: when(k.lastUsedAt) })}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
              {
                title: t('apiKeys.scope'),
                dataIndex: 'scope',
                render: (scope: ApiKey['scope']) => (
                  <Tag color={scope === 'translate' ? 'blue' : 'default'} data-testid="api-key-scope">
                    {scope === 'translate' ? t('apiKeys.scopes.translate') : t('apiKeys.scopes.read')}
                  </Tag>
                ),
              },
              ...(width >= ROOMY
                ? [
                    { title: t('apiKeys.created'), dataIndex: 'createdAt', render: when },
                    { title: t('apiKeys.lastUsed'), dataIndex: 'lastUsedAt', render: when },
                  ]
                : []),
              {
                title: t('tasks.col.actions'),
                key: 'actions',
                render: (_, k) => (
                  <Popconfirm
                    title={t('apiKeys.confirmRevoke', { name: k.name })}
                    description={t('apiKeys.confirmRevokeText')}
                    okText={t('apiKeys.revoke')}
                    okButtonProps={{ danger: true, 'data-testid': 'api-key-revoke-confirm' }}
                    cancelText={t('common.cancel')}
                    onConfirm={() => void revoke(k)}
                  >
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('apiKeys.revokeNamed', { name: k.name })}
                      data-testid="api-key-revoke"
                    >
                      {width >= ROOMY ? t('apiKeys.revoke') : null}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        )}
      </ListCard>
      <WebhookCard />
    </>
  );
}
