import { useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@subtrans/contract';
import { grantPoints } from '../../../lib/points';

/** A manager adds (positive) or removes (negative) points; the user sees it in their history. */
export function GrantPointsModal({
  user,
  onClose,
}: {
  user: (AdminUser & { point?: number }) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ points: number; note?: string }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: { points: number; note?: string }) => {
    if (!user) return;
    setSaving(true);
    setError(null);
    try {
      const res = await grantPoints({ userId: user.id, points: v.points, note: v.note?.trim() || undefined });
      void message.success(t('admin.grant.done', { point: res.point }));
      await client.invalidateQueries({ queryKey: ['admin-users'] });
      await client.invalidateQueries({ queryKey: ['points'] });
      form.resetFields();
      onClose();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('admin.grant.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={t('admin.grant.title', { name: user?.name ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'grant-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('admin.grant.current', { point: user?.point ?? 0 })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v: { points: number; note?: string }) => void onFinish(v)}
        requiredMark={false}
      >
        <Form.Item
          name="points"
          label={t('admin.grant.points')}
          extra={t('admin.grant.hint')}
          rules={[
            { required: true, message: t('admin.grant.required') },
            {
              validator: (_, v: number | null) =>
                v === null || v === undefined || (Number.isInteger(v) && v !== 0)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('admin.grant.required'))),
            },
          ]}
        >
          <InputNumber
            data-testid="grant-amount"
            style={{ width: '100%' }}
            precision={0}
            min={-1_000_000_000}
            max={1_000_000_000}
          />
        </Form.Item>
        <Form.Item name="note" label={t('admin.grant.note')}>
          <Input data-testid="grant-note" maxLength={200} />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
