import { Radio, Space, Typography } from 'antd';
import { AlipayCircleOutlined, CreditCardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SiteConfig } from '@subtrans/contract';

export type PayMethod = 'alipay' | 'card';

/** The methods this site offers (the server refuses the others as well). */
export function availableMethods(site: SiteConfig): PayMethod[] {
  return [
    ...(site.alipayPayment !== 'none' ? (['alipay'] as const) : []),
    ...(site.cardPayment !== 'none' ? (['card'] as const) : []),
  ];
}

/** Alipay or card; a method the site does not offer is shown disabled, with why and what to do. */
export function PaymentMethodPicker({
  site,
  value,
  onChange,
}: {
  site: SiteConfig;
  value: PayMethod;
  onChange: (method: PayMethod) => void;
}) {
  const { t } = useTranslation();
  const alipayOff = site.alipayPayment === 'none';
  const cardOff = site.cardPayment === 'none';
  return (
    <Space orientation="vertical" size={4}>
      <Radio.Group
        value={value}
        onChange={(e) => onChange(e.target.value as PayMethod)}
        data-testid="pay-method"
      >
        <Radio.Button value="alipay" disabled={alipayOff} data-testid="pay-method-alipay">
          <AlipayCircleOutlined /> {t('buy.alipay')}
        </Radio.Button>
        <Radio.Button value="card" disabled={cardOff} data-testid="pay-method-card">
          <CreditCardOutlined /> {t('buy.card')}
        </Radio.Button>
      </Radio.Group>
      {alipayOff ? (
        <Typography.Text type="secondary" data-testid="alipay-unavailable">
          {t('buy.alipayUnavailable')}
        </Typography.Text>
      ) : null}
      {cardOff ? (
        <Typography.Text type="secondary" data-testid="card-unavailable">
          {t('buy.cardUnavailable')}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
