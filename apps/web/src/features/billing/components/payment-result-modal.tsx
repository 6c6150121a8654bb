import type { ReactNode } from 'react';
import { Button, Descriptions, Modal, Result, Spin, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_RETRIES, type CheckPhase } from '../lib/use-payment-check';

/**
 * The dashboard's payment result dialog (SPEC §2/§4), shared by Alipay and cards: width 500,
 * closable only in success or failed; checking (with the n/3 retry counter), the success details,
 * or the caller's failed state.
 */
export function PaymentResultModal(props: {
  open: boolean;
  title: string;
  phase: CheckPhase;
  count: number;
  /** test id prefix: `{prefix}-result`, `-checking`, `-success` */
  testId: string;
  /** what the success state lists, null until there is a result */
  details: DescriptionsProps['items'] | null;
  failed: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { phase } = props;
  const done = phase === 'success' || phase === 'failed';
  return (
    <Modal
      open={props.open}
      width={500}
      title={props.title}
      closable={done}
      maskClosable={done}
      keyboard={done}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      data-testid={`${props.testId}-result`}
    >
      {phase === 'loading' || phase === 'retrying' ? (
        <div style={{ textAlign: 'center', padding: 24 }} data-testid={`${props.testId}-checking`}>
          <Spin />
          <Typography.Paragraph style={{ marginTop: 12 }}>
            {t('payment.checking')} {phase === 'retrying' ? `${props.count}/${MAX_RETRIES}` : ''}
          </Typography.Paragraph>
        </div>
      ) : null}
      {phase === 'success' && props.details ? (
        <Result
          status="success"
          title={t('payment.success')}
          data-testid={`${props.testId}-success`}
          subTitle={<Descriptions size="small" column={1} items={props.details} />}
          extra={
            <Button type="primary" onClick={props.onClose}>
              {t('common.ok')}
            </Button>
          }
        />
      ) : null}
      {phase === 'failed' ? props.failed : null}
    </Modal>
  );
}
