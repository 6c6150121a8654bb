import { useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Radio, Row, Space, Spin, Typography } from 'antd';
import { AlipayCircleOutlined, CreditCardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Product } from '@subtrans/contract';
import { createAlipayUrl, useProducts } from '../api/orders';

/** SPEC §2 buy points: products with ¥ and $ prices and a choice of payment method. */
export function BuyPointsView() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const products = useProducts();
  const [method, setMethod] = useState<'alipay' | 'card'>('alipay');
  const [buying, setBuying] = useState<number | null>(null);

  const buy = async (p: Product) => {
    setBuying(p.id);
    // opened at once (in the click), so the browser does not block it as a pop-up
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await createAlipayUrl(p.id);
      if (!url) throw new Error(t('buy.urlEmpty'));
      if (tab) tab.location.assign(url);
      else window.location.assign(url);
    } catch (e) {
      tab?.close();
      void message.error(e instanceof Error && e.message ? e.message : t('buy.failed'));
    } finally {
      setBuying(null);
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>{t('dashboard.pointsView.title')}</h2>}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Radio.Group
          value={method}
          onChange={(e) => setMethod(e.target.value as 'alipay' | 'card')}
          data-testid="pay-method"
        >
          <Radio.Button value="alipay">
            <AlipayCircleOutlined /> {t('buy.alipay')}
          </Radio.Button>
          <Radio.Button value="card" disabled>
            <CreditCardOutlined /> {t('buy.card')}
          </Radio.Button>
        </Radio.Group>
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
                  <Typography.Paragraph style={{ fontSize: 20, marginBottom: 4 }}>
                    ¥{p.originalPrice.toFixed(2)}
                  </Typography.Paragraph>
                  <Typography.Paragraph type="secondary">${p.dollarPrice.toFixed(2)}</Typography.Paragraph>
                  <Button
                    type="primary"
                    block
                    loading={buying === p.id}
                    onClick={() => void buy(p)}
                    data-testid={`buy-${p.id}`}
                  >
                    {t('buy.buy')}
                  </Button>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Space>
    </Card>
  );
}
