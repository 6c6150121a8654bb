import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ContactMessage } from '@subtrans/contract';
import { api } from '../../../lib/api-client';

/**
 * SPEC §2/§5 contact form: name, a valid email, subject and message, all required. Success is
 * shown (and the form reset) only once the server has stored the message; a failure keeps what
 * was typed and says so.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactMessage>();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [error, setError] = useState('');

  const send = async (values: ContactMessage) => {
    setState('sending');
    try {
      await api('contactSubmit', values);
      form.resetFields();
      setState('sent');
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
      setState('failed');
    }
  };

  return (
    <Form<ContactMessage>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void send(v)}
      onValuesChange={() => state === 'sent' && setState('idle')}
      data-testid="contact-form"
    >
      <Form.Item
        name="name"
        label={t('contact.name')}
        rules={[{ required: true, whitespace: true, message: t('contact.nameRequired') }, { max: 100 }]}
      >
        <Input autoComplete="name" data-testid="contact-name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('contact.email')}
        rules={[
          { required: true, message: t('auth.validation.emailRequired') },
          { type: 'email', message: t('auth.validation.emailInvalid') },
        ]}
      >
        <Input type="email" autoComplete="email" data-testid="contact-email" />
      </Form.Item>
      <Form.Item
        name="subject"
        label={t('contact.subject')}
        rules={[{ required: true, whitespace: true, message: t('contact.subjectRequired') }, { max: 200 }]}
      >
        <Input data-testid="contact-subject" />
      </Form.Item>
      <Form.Item
        name="message"
        label={t('contact.message')}
        rules={[{ required: true, whitespace: true, message: t('contact.messageRequired') }, { max: 5000 }]}
      >
        <Input.TextArea rows={5} data-testid="contact-message" />
      </Form.Item>
      {state === 'sent' ? (
        <Alert
          type="success"
          showIcon
          title={t('contact.sent')}
          style={{ marginBottom: 16 }}
          data-testid="contact-sent"
        />
      ) : null}
      {state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={t('contact.failed')}
          description={error}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={state === 'sending'} data-testid="contact-send">
        {t('contact.send')}
      </Button>
    </Form>
  );
}
