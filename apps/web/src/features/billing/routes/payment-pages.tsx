import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/public-layout';
import { usePageMeta } from '../../../lib/page-meta';
import { queryPayment } from '../api/orders';
import { MAX_RETRIES, usePaymentCheck } from '../lib/use-payment-check';
import { paths } from '../../../lib/paths';

/**
 * /payment-success?id=…&type=SUCCESS_URL: asks the server about payment `id` (SPEC §2/§4): loading,
 * retrying (n/3), then success (payment id, order number, status) or failed (cannot confirm, the
 * count, re-query). A missing id, or a type other than SUCCESS_URL, fails at once with the
 * missing-parameters message. The query string is removed after reading.
 */
export function PaymentSuccessPage() {
  usePageMeta('paymentSuccess');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [read] = useState(() => ({ id: params.get('id'), type: params.get('type') }));
  const valid = Boolean(read.id) && read.type === 'SUCCESS_URL';
  const check = usePaymentCheck(valid ? read.id : null, queryPayment);
  useEffect(() => {
    if (params.has('id') || params.has('type')) {
      const rest = new URLSearchParams(params);
      rest.delete('id');
      rest.delete('type');
      setParams(rest, { replace: true });
    }
  }, [params, setParams]);

  const failed = !valid || check.phase === 'failed';
  return (
    <PublicLayout>
      <Card
        style={{ maxWidth: 640, margin: '0 auto' }}
        data-testid="payment-result"
        data-phase={valid ? check.phase : 'failed'}
      >
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('meta.paymentSuccess.title')}
        </Typography.Title>
        {valid && (check.phase === 'loading' || check.phase === 'retrying') ? (
          <Flex vertical align="center" gap={12} style={{ padding: 24 }}>
            <Spin />
            <Typography.Text>
              {t('payment.checking')} {check.phase === 'retrying' ? `${check.count}/${MAX_RETRIES}` : ''}
            </Typography.Text>
          </Flex>
        ) : null}
        {valid && check.phase === 'success' && check.result ? (
          <Result
            status="success"
            title={t('payment.success')}
            subTitle={
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'id', label: t('payment.id'), children: read.id },
                  ...(check.result.orderId
                    ? [{ key: 'order', label: t('orders.number'), children: check.result.orderId }]
                    : []),
                  { key: 'status', label: t('orders.status'), children: check.result.status },
                ]}
              />
            }
          />
        ) : null}
        {failed ? (
          <>
            <Alert
              type="error"
              showIcon
              title={t('payment.cannotConfirm')}
              description={valid ? check.error : t('payment.missingParams')}
            />
            {read.id ? (
              <Typography.Paragraph style={{ marginTop: 12 }}>
                {t('payment.paymentId', { id: read.id })}
                {valid ? ` · ${check.count}/${MAX_RETRIES}` : ''}
              </Typography.Paragraph>
            ) : null}
            {valid && check.canRequery ? (
              <Button
                onClick={check.requery}
                style={{ marginTop: 12, marginRight: 8 }}
                data-testid="payment-requery"
              >
                {t('payment.requery')}
              </Button>
            ) : null}
          </>
        ) : null}
        <Link to={paths.home}>
          <Button style={{ marginTop: 12 }}>{t('common.backHome')}</Button>
        </Link>
      </Card>
    </PublicLayout>
  );
}

/**
 * /payment-fail?id=…: the payment did not complete. The id is read once and shown, and the query
 * string is removed (as on /payment-success), so the address does not keep the payment id.
 */
export function PaymentFailPage() {
  usePageMeta('paymentFail');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [id] = useState(() => params.get('id'));
  useEffect(() => {
    if (params.has('id')) {
      const rest = new URLSearchParams(params);
      rest.delete('id');
      setParams(rest, { replace: true });
    }
  }, [params, setParams]);
  return (
    <PublicLayout>
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 24 }}>{t('payment.failTitle')}</h1>}
        subTitle={
          <Flex vertical>
            <span>{t('payment.failMessage')}</span>
            {id ? <span>{t('payment.paymentId', { id })}</span> : null}
          </Flex>
        }
        extra={[
          <Link key="repay" to={paths.assets}>
            <Button type="primary">{t('payment.repay')}</Button>
          </Link>,
          <Link key="home" to={paths.home}>
            <Button>{t('common.backHome')}</Button>
          </Link>,
        ]}
      />
    </PublicLayout>
  );
}
