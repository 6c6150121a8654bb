import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@subtrans/contract';
import { SIMPLE_EMAIL, rules } from '../lib/validation';
import { useCountdown } from '../lib/use-countdown';

/**
 * Asking for a mailed code: the address checked first, then the 60 s countdown the server's
 * answer gives (its message shown on a refusal). `sent` turns true after the first code.
 */
export function useCodeSender(send: (email: string) => Promise<{ resendAfterSeconds: number }>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [left, setLeft] = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const request = async (raw: unknown, success = t('auth.register.codeSent')) => {
    const email = typeof raw === 'string' ? raw.trim() : '';
    if (!email) return void message.error(t('auth.validation.emailRequired'));
    if (!SIMPLE_EMAIL.test(email)) return void message.error(t('auth.validation.emailInvalid'));
    setSending(true);
    try {
      const res = await send(email);
      setLeft(res.resendAfterSeconds || LIMITS.resendSeconds);
      setSent(true);
      void message.success(success);
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('auth.register.sendCodeFailed'));
    } finally {
      setSending(false);
    }
  };
  return { left, sending, sent, request };
}

/** The 6-digit code's input (form field `code`) beside the send button with its countdown. */
export function CodeField({
  testId,
  left,
  sending,
  onSend,
}: {
  /** `${testId}-code` and `${testId}-send-code` */
  testId: string;
  left: number;
  sending: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.register.code')} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={rules.code(t)}>
          <Input
            data-testid={`${testId}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-label={t('auth.register.code')}
          />
        </Form.Item>
        <Button data-testid={`${testId}-send-code`} onClick={onSend} loading={sending} disabled={left > 0}>
          {left > 0 ? t('auth.register.resendIn', { seconds: left }) : t('auth.register.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
