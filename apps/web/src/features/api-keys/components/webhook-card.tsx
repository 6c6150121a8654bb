import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_LIMITS, type SavedWebhook, type WebhookDelivery } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { removeWebhook, saveWebhook, useWebhook, webhookQueryKey } from '../api/api-keys';

const STATUS_COLOR = { pending: 'gold', delivered: 'green', failed: 'red' } as const;

/**
 * The user's webhook (issue 39): the endpoint set (its secret shown once, when set), removed, and
 * the last deliveries with how their tries went.
 */
export function WebhookCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const state = useWebhook();
  const [form] = Form.useForm<{ url: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedWebhook | null>(null);
  const ui = currentLanguage();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(ui) : '—');

  const save = async ({ url }: { url: string }) => {
    setBusy(true);
    setError(null);
    try {
      setSaved(await saveWebhook(url));
      form.resetFields();
    } catch (e) {
      // the server's words: not https, a private address, a name it cannot find
      setError(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: webhookQueryKey });
    }
  };

  const remove = async () => {
    try {
      await removeWebhook();
      setSaved(null);
      void message.success(t('apiKeys.webhook.removed'));
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      await client.invalidateQueries({ queryKey: webhookQueryKey });
    }
  };

  const endpoint = state.data?.endpoint ?? null;
  const status = (d: WebhookDelivery) =>
    d.status === 'delivered'
      ? t('apiKeys.webhook.status.delivered')
      : d.status === 'failed'
        ? t('apiKeys.webhook.status.failed')
        : t('apiKeys.webhook.status.pending');
  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 20 }}>{t('apiKeys.webhook.title')}</h2>}
      style={{ marginTop: 16 }}
      data-testid="webhook-card"
    >
      <Typography.Paragraph type="secondary">{t('apiKeys.webhook.intro')}</Typography.Paragraph>
      {state.isError ? (
        <Alert type="error" showIcon role="alert" title={t('apiKeys.webhook.loadFailed')} />
      ) : !state.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical gap={16}>
          {endpoint ? (
            <Flex align="center" gap={8} wrap>
              <Typography.Text>{t('apiKeys.webhook.current')}</Typography.Text>
              <Typography.Text code style={{ overflowWrap: 'anywhere' }} data-testid="webhook-url">
                {endpoint.url}
              </Typography.Text>
              <Popconfirm
                title={t('apiKeys.webhook.confirmRemove')}
                okText={t('apiKeys.webhook.remove')}
                okButtonProps={{ danger: true, 'data-testid': 'webhook-remove-confirm' }}
                cancelText={t('common.cancel')}
                onConfirm={() => void remove()}
              >
                <Button danger size="small" data-testid="webhook-remove">
                  {t('apiKeys.webhook.remove')}
                </Button>
              </Popconfirm>
            </Flex>
          ) : null}
          {saved ? (
            <Alert
              type="warning"
              showIcon
              data-testid="webhook-secret"
              title={t('apiKeys.webhook.secretOnce')}
              description={
                <Typography.Text code copyable style={{ overflowWrap: 'anywhere' }}>
                  {saved.secret}
                </Typography.Text>
              }
            />
          ) : null}
          <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void save(v)}>
            <Form.Item
              name="url"
              label={endpoint ? t('apiKeys.webhook.newUrl') : t('apiKeys.webhook.url')}
              extra={t('apiKeys.webhook.urlHint')}
              rules={[{ required: true, whitespace: true, message: t('apiKeys.webhook.urlRequired') }]}
            >
              <Input
                type="url"
                inputMode="url"
                maxLength={WEBHOOK_LIMITS.urlChars}
                placeholder="https://example.com/hooks/subtrans"
                data-testid="webhook-url-input"
              />
            </Form.Item>
            {error ? (
              <Alert
                type="error"
                showIcon
                role="alert"
                title={error}
                style={{ marginBottom: 12 }}
                data-testid="webhook-error"
              />
            ) : null}
            <Button type="primary" htmlType="submit" loading={busy} data-testid="webhook-save">
              {t('apiKeys.webhook.save')}
            </Button>
          </Form>
          <div>
            <h3 style={{ fontSize: 16 }}>{t('apiKeys.webhook.log')}</h3>
            {state.data.deliveries.length === 0 ? (
              <Empty description={t('apiKeys.webhook.noDeliveries')} />
            ) : (
              <Table<WebhookDelivery>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={state.data.deliveries}
                scroll={{ x: 'max-content' }}
                onRow={(d) =>
                  ({ 'data-testid': `webhook-delivery-${d.id}` }) as React.HTMLAttributes<HTMLElement>
                }
                columns={[
                  { title: t('apiKeys.webhook.event'), dataIndex: 'type' },
                  { title: t('apiKeys.webhook.time'), dataIndex: 'createdAt', render: when },
                  {
                    title: t('apiKeys.webhook.state'),
                    key: 'status',
                    render: (_, d) => (
                      <Tag color={STATUS_COLOR[d.status]} data-testid="webhook-delivery-status">
                        {status(d)}
                      </Tag>
                    ),
                  },
                  { title: t('apiKeys.webhook.attempts'), dataIndex: 'attempts' },
                  {
                    title: t('apiKeys.webhook.answer'),
                    key: 'answer',
                    render: (_, d) => (d.lastStatus !== null ? `HTTP ${d.lastStatus}` : (d.lastError ?? '—')),
                  },
                  { title: t('apiKeys.webhook.next'), dataIndex: 'nextAttemptAt', render: when },
                ]}
              />
            )}
          </div>
        </Flex>
      )}
    </Card>
  );
}
