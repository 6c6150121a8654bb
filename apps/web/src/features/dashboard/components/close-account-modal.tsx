import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type User } from '@subtrans/contract';
import { ApiError } from '../../../lib/api-client';
import { closeAccount } from '../../../lib/account';

/**
 * Close my account: what happens, in the terms' words, then the password (or, for an account
 * without one, a word typed to confirm). `onClosed` runs once the server has closed it.
 */
export function CloseAccountModal({
  user,
  open,
  onClose,
  onClosed,
}: {
  user: User;
  open: boolean;
  onClose: () => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pass?: string; word?: string }>();
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const word = t('account.close.confirmWord');

  const onFinish = async (values: { pass?: string }) => {
    setClosing(true);
    setError(null);
    try {
      await closeAccount(user.hasPassword ? values.pass : undefined);
      onClosed();
    } catch (e) {
      const text = e instanceof Error && e.message ? e.message : t('account.close.failed');
      if (e instanceof ApiError && e.code === ErrorCodes.CURRENT_PASSWORD_WRONG.code)
        form.setFields([{ name: 'pass', errors: [text] }]);
      else setError(text);
    } finally {
      setClosing(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('account.close.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('account.close.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={closing}
      okButtonProps={{ danger: true, 'data-testid': 'close-account-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('account.close.intro')}</Typography.Paragraph>
      <ul data-testid="close-account-consequences" style={{ paddingInlineStart: 20 }}>
        <li>{t('account.close.points')}</li>
        <li>{t('account.close.tasks')}</li>
        <li>{t('account.close.content')}</li>
        <li>{t('account.close.records')}</li>
      </ul>
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        {user.hasPassword ? (
          <Form.Item
            name="pass"
            label={t('account.close.password')}
            rules={[{ required: true, message: t('auth.validation.passwordRequired') }]}
          >
            <Input.Password data-testid="close-account-password" autoComplete="current-password" autoFocus />
          </Form.Item>
        ) : (
          <Form.Item
            name="word"
            label={t('account.close.typeWord', { word })}
            rules={[
              {
                validator: (_, value: unknown) =>
                  (typeof value === 'string' ? value.trim() : '') === word
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('account.close.wordMismatch', { word }))),
              },
            ]}
          >
            <Input data-testid="close-account-word" autoComplete="off" autoFocus />
          </Form.Item>
        )}
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
