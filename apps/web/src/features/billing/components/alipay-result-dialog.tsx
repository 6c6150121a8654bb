import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { queryAlipayOrder } from '../api/orders';
import { MAX_RETRIES, usePaymentCheck } from '../lib/use-payment-check';
import { PaymentResultModal } from './payment-result-modal';

/**
 * The Alipay result dialog on the dashboard (SPEC §2/§4/§5): Alipay's return is recognised by
 * out_trade_no with method alipay.trade.page.pay.return; the query string is removed after reading;
 * the order is asked about until TRADE_SUCCESS, up to 3 retries 2 s apart, then fails with the
 * status; it closes only in success or failed, and closing cancels pending retries.
 */
export function AlipayResultDialog() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [orderNo, setOrderNo] = useState<string | null>(() =>
    params.get('method') === 'alipay.trade.page.pay.return' ? params.get('out_trade_no') : null,
  );
  const check = usePaymentCheck(orderNo, queryAlipayOrder);
  const { phase, count, result, error } = check;

  // the query string is removed once read
  useEffect(() => {
    if (!params.get('out_trade_no')) return;
    const rest = new URLSearchParams(params);
    for (const k of [
      'out_trade_no',
      'method',
      'total_amount',
      'trade_no',
      'sign',
      'sign_type',
      'app_id',
      'timestamp',
    ])
      rest.delete(k);
    setParams(rest, { replace: true });
  }, [params, setParams]);

  const close = () => {
    check.reset();
    setOrderNo(null);
  };
  return (
    <PaymentResultModal
      open={orderNo !== null}
      title={t('payment.alipayTitle')}
      phase={phase}
      count={count}
      testId="alipay"
      onClose={close}
      details={
        result
          ? [
              { key: 'no', label: t('orders.number'), children: result.outTradeNo },
              { key: 'trade', label: t('payment.tradeNo'), children: result.tradeNo ?? '—' },
              { key: 'amount', label: t('orders.amount'), children: `¥${result.totalAmount}` },
              { key: 'status', label: t('orders.status'), children: result.status },
            ]
          : null
      }
      failed={
        <div data-testid="alipay-failed">
          <Alert type="error" showIcon title={t('payment.orderQueryFailedTitle')} description={error} />
          <Typography.Paragraph style={{ marginTop: 12 }}>
            {t('payment.paymentId', { id: orderNo })} · {`${count}/${MAX_RETRIES}`}
          </Typography.Paragraph>
          {check.canRequery ? (
            <Button onClick={check.requery} data-testid="alipay-requery">
              {t('payment.requery')}
            </Button>
          ) : null}
        </div>
      }
    />
  );
}
