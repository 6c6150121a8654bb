import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API, API_KEYS, type ApiKeyScope, type CreatedApiKey } from '@subtrans/contract';
import { apiKeysQueryKey, createApiKey } from '../api/api-keys';

interface Values {
  name: string;
  scope: ApiKeyScope;
}

/** A call a script can try the new key with, on this site. */
function curlExample(secret: string): string {
  return [
    `curl -X POST ${window.location.origin}${API.taskList} \\`,
    `  -H "Authorization: Bearer ${secret}" \\`,
    `  -H "Content-Type: application/json" -d '{"page":1,"size":10}'`,
  ].join('\n');
}

/**
 * A new API key: its name and scope asked, then the whole key shown once with a call to try it
 * (only its hash is kept: closed, the dialog cannot show it again).
 */
export function NewKeyDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const close = () => {
    form.resetFields();
    setError(null);
    setCreated(null);
    props.onClose();
  };

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      setCreated(await createApiKey(v));
    } catch (e) {
      // the server's words: the limit of keys, a name it refuses
      setError(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: apiKeysQueryKey });
    }
  };

  return (
    <Modal
      open={props.open}
      title={created ? t('apiKeys.createdTitle', { name: created.key.name }) : t('apiKeys.newTitle')}
      onCancel={close}
      // the key is shown once: a click beside the dialog must not lose it
      maskClosable={!created}
      destroyOnHidden
      width={640}
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="api-key-done">
            {t('apiKeys.done')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="api-key-create">
              {t('apiKeys.create')}
            </Button>
          </Flex>
        )
      }
    >
      {created ? (
        <Flex vertical gap={12} data-testid="api-key-created">
          <Alert type="warning" showIcon title={t('apiKeys.copyNow')} />
          <Typography.Paragraph
            code
            copyable={{ text: created.secret, tooltips: [t('apiKeys.copy'), t('apiKeys.copied')] }}
            style={{ overflowWrap: 'anywhere', marginBottom: 0 }}
            data-testid="api-key-secret"
          >
            {created.secret}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('apiKeys.tryIt')}</Typography.Text>
          <pre
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, fontSize: 12 }}
            data-testid="api-key-curl"
          >
            {curlExample(created.secret)}
          </pre>
        </Flex>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ scope: 'read' }}
          onFinish={(v) => void submit(v)}
          data-testid="api-key-form"
        >
          <Form.Item
            name="name"
            label={t('apiKeys.name')}
            extra={t('apiKeys.nameHint')}
            rules={[{ required: true, whitespace: true, message: t('apiKeys.nameRequired') }]}
          >
            <Input maxLength={API_KEYS.nameChars} autoFocus data-testid="api-key-name" />
          </Form.Item>
          <Form.Item name="scope" label={t('apiKeys.scope')}>
            <Radio.Group data-testid="api-key-scope-choice">
              <Flex vertical gap={8}>
                <Radio value="read">
                  {t('apiKeys.scopes.read')}
                  <Typography.Text type="secondary"> — {t('apiKeys.scopeHints.read')}</Typography.Text>
                </Radio>
                <Radio value="translate">
                  {t('apiKeys.scopes.translate')}
                  <Typography.Text type="secondary"> — {t('apiKeys.scopeHints.translate')}</Typography.Text>
                </Radio>
              </Flex>
            </Radio.Group>
          </Form.Item>
          {error ? (
            <Alert type="error" showIcon role="alert" title={error} data-testid="api-key-error" />
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
