import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { wechatState } from '../api/auth';

const WX_SCRIPT = 'https://res.wx.qq.com/connect/zh_CN/htmledit/wxLogin.js';

declare global {
  interface Window {
    WxLogin?: new (opts: Record<string, unknown>) => unknown;
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (window.WxLogin) return resolve();
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => resolve();
    el.onerror = () => reject(new Error('script failed'));
    document.head.appendChild(el);
  });
}

/** WeChat website QR login: WeChat redirects back to /login?code=…&state=…, which the page exchanges. */
export function WechatPanel() {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const params = await wechatState();
      await loadScript(WX_SCRIPT);
      if (cancelled || !container.current || !window.WxLogin) throw new Error('widget missing');
      new window.WxLogin({
        self_redirect: false,
        id: container.current.id,
        appid: params.appId,
        scope: 'snsapi_login',
        redirect_uri: encodeURIComponent(params.redirectUri),
        state: params.state,
      });
      setStatus('ready');
    })().catch(() => {
      if (!cancelled) setStatus('error');
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <Card
      title={t('auth.login.wechatTitle')}
      style={{ width: '100%', maxWidth: 340 }}
      data-testid="wechat-panel"
    >
      <Typography.Paragraph type="secondary">{t('auth.login.wechatHint')}</Typography.Paragraph>
      {status === 'loading' ? <Spin /> : null}
      {status === 'error' ? <Alert type="warning" showIcon title={t('auth.login.wechatInitFailed')} /> : null}
      <div id="wx-login-container" ref={container} style={{ minHeight: status === 'ready' ? 300 : 0 }} />
    </Card>
  );
}
