import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { queryCardPayment } from '../api/orders';
import { MAX_RETRIES, usePaymentCheck } from '../lib/use-payment-check';
import { PaymentResultModal } from './payment-result-modal';

/**
 * The card payment result dialog on the dashboard (SPEC §2/§4/§5): the checkout returns with id and
 * airwallex_success=true or airwallex_fail=true; the query string is removed after reading. A
 * success return asks /wallex/query_payment until SUCCEEDED (3 retries, 2 s apart); a fail return
 * shows the failure at once, without asking. It closes only in success or failed.
 */
export function CardResultDialog() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => {
    const id = params.get('id');
    if (!id) return null;
    if (params.get('airwallex_fail') === 'true') return { id, failed: true };
    if (params.get('airwallex_success') === 'true') return { id, failed: false };
    return null;
  });
  const [open, setOpen] = useState(initial !== null);
  const check = usePaymentCheck(initial && !initial.failed && open ? initial.id : null, queryCardPayment);
  const phase = initial?.failed ? 'failed' : check.phase;

  // the query string is removed once read
  useEffect(() => {
    if (!params.get('airwallex_success') && !params.get('airwallex_fail')) return;
    const rest = new URLSearchParams(params);
    for (const k of ['airwallex_success', 'airwallex_fail', 'id']) rest.delete(k);
    setParams(rest, { replace: true });
  }, [params, setParams]);

  const close = () => {
    check.reset();
    setOpen(false);
  };
  return (
    <PaymentResultModal
      open={open}
      title={t('payment.cardTitle')}
      phase={phase}
      count={check.count}
      testId="card"
      onClose={close}
      details={
        check.result
          ? [
              { key: 'id', label: t('payment.id'), children: initial?.id },
              { key: 'no', label: t('orders.number'), children: check.result.orderID },
              { key: 'status', label: t('orders.status'), children: check.result.status },
            ]
          : null
      }
      failed={
        <div data-testid="card-failed">
          <Alert
            type="error"
            showIcon
            title={initial?.failed ? t('payment.failTitle') : t('payment.orderQueryFailedTitle')}
            description={initial?.failed ? t('payment.failMessage') : check.error}
          />
          <Typography.Paragraph style={{ marginTop: 12 }}>
            {t('payment.paymentId', { id: initial?.id })}
            {initial?.failed ? '' : ` · ${check.count}/${MAX_RETRIES}`}
          </Typography.Paragraph>
          {initial?.failed || !check.canRequery ? null : (
            <Button onClick={check.requery} data-testid="card-requery">
              {t('payment.requery')}
            </Button>
          )}
        </div>
      }
    />
  );
}
