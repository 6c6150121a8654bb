import { useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Row, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Product } from '@subtrans/contract';
import { useSiteConfig } from '../../../lib/site-config';
import { createAlipayUrl, createCardPayment, useProducts } from '../api/orders';
import { useCardSdk } from '../lib/card-sdk';
import { availableMethods, PaymentMethodPicker, type PayMethod } from './payment-method-picker';

/** SPEC §2 buy points: products with ¥ and $ prices and a choice of payment method. */
export function BuyPointsView() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const products = useProducts();
  const site = useSiteConfig();
  const methods = availableMethods(site);
  const [chosen, setMethod] = useState<PayMethod>('alipay');
  // a method the site does not offer is never the one in use
  const method = methods.includes(chosen) ? chosen : (methods[0] ?? chosen);
  const [buying, setBuying] = useState<number | null>(null);

  const cardSdk = useCardSdk(method === 'card' && site.cardPayment === 'airwallex' ? site.cardSdkUrl : null);
  const cardReady = site.cardPayment === 'sandbox' || cardSdk.state === 'loaded';

  const buyWithAlipay = async (p: Product) => {
    // opened at once (in the click), so the browser does not block it as a pop-up
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await createAlipayUrl(p.id);
      if (!url) throw new Error(t('buy.urlEmpty'));
      if (tab) tab.location.assign(url);
      else window.location.assign(url);
    } catch (e) {
      tab?.close();
      throw e;
    }
  };

  /** SPEC §7: to the provider's checkout, which returns to the dashboard's card dialog */
  const buyWithCard = async (p: Product) => {
    const pay = await createCardPayment(p.id);
    if (pay.checkoutUrl) {
      window.location.assign(pay.checkoutUrl);
      return;
    }
    const sdk = cardSdk.sdk.current;
    if (!sdk) throw new Error(t('buy.sdkError'));
    const back = (flag: string) =>
      `${window.location.origin}/dashboard?${flag}=true&id=${encodeURIComponent(pay.id)}`;
    const { payments } = await sdk.init({ env: site.paymentEnv, enabledElements: ['payments'] });
    payments.redirectToCheckout({
      intent_id: pay.id,
      client_secret: pay.clientSecret,
      currency: pay.currency,
      successUrl: back('airwallex_success'),
      failUrl: back('airwallex_fail'),
    });
  };

  const buy = async (p: Product) => {
    setBuying(p.id);
    try {
      await (method === 'card' ? buyWithCard(p) : buyWithAlipay(p));
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('buy.failed'));
    } finally {
      setBuying(null);
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>{t('dashboard.pointsView.title')}</h2>}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {methods.length ? (
          <PaymentMethodPicker site={site} value={method} onChange={setMethod} />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t('buy.noMethod', { email: site.supportEmail })}
            data-testid="buy-unavailable"
          />
        )}
        {method === 'card' && site.cardPayment === 'sandbox' ? (
          <Alert type="warning" showIcon title={t('buy.cardSandbox')} data-testid="card-sandbox" />
        ) : null}
        {method === 'card' && cardSdk.state === 'loading' ? (
          <Alert type="info" showIcon icon={<Spin size="small" />} title={t('buy.sdkLoading')} />
        ) : null}
        {method === 'card' && cardSdk.state === 'error' ? (
          <Alert
            type="error"
            showIcon
            title={t('buy.sdkError')}
            data-testid="card-sdk-error"
            action={
              <Button size="small" onClick={cardSdk.retry}>
                {t('buy.sdkRetry')}
              </Button>
            }
          />
        ) : null}
        <Alert type="info" showIcon title={t('buy.validity')} />
        {products.isLoading ? (
          <Spin />
        ) : !products.data?.length ? (
          <Empty description={t('dashboard.pointsView.empty')} />
        ) : (
          <Row gutter={[16, 16]}>
            {products.data.map((p) => (
              <Col key={p.id} xs={24} sm={12} lg={8}>
                <Card data-testid={`product-${p.id}`}>
                  <Typography.Title level={3} style={{ marginTop: 0 }}>
                    {t('buy.points', { points: p.points.toLocaleString() })}
                  </Typography.Title>
                  {/* the chosen method's price first: ¥ with Alipay, $ by card */}
                  <Typography.Paragraph
                    style={{ fontSize: 20, marginBottom: 4 }}
                    data-testid={`price-${p.id}`}
                  >
                    {method === 'card' ? `$${p.dollarPrice.toFixed(2)}` : `¥${p.originalPrice.toFixed(2)}`}
                  </Typography.Paragraph>
                  <Typography.Paragraph type="secondary">
                    {method === 'card' ? `¥${p.originalPrice.toFixed(2)}` : `$${p.dollarPrice.toFixed(2)}`}
                  </Typography.Paragraph>
                  {methods.length ? (
                    <Button
                      type="primary"
                      block
                      loading={buying === p.id}
                      disabled={method === 'card' && !cardReady}
                      onClick={() => void buy(p)}
                      data-testid={`buy-${p.id}`}
                    >
                      {t('buy.buy')}
                    </Button>
                  ) : null}
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Space>
    </Card>
  );
}
