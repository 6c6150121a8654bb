import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Col, Flex, Row, Statistic, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PointHistoryEntry, type PointLot, type TaskChargeState } from '@subtrans/contract';
import { PublicLayout } from '../../../components/public-layout';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteConfig } from '../../../lib/site-config';
import { OrdersView } from '../components/orders-view';
import { usePointHistory, usePointSummary } from '../../../lib/points';
import { paths, dashboardView } from '../../../lib/paths';
import { runtimeKey } from '../../../lib/i18n-keys';
import type { TFunction } from 'i18next';

const KIND_COLORS: Record<Exclude<PointHistoryEntry['kind'], 'task'>, string> = {
  credit: 'green',
  grant: 'green',
  debit: 'red',
  adjustment: 'red',
  expiry: 'default',
};

const TASK_COLORS: Record<TaskChargeState, string> = {
  held: 'orange',
  charged: 'purple',
  released: 'blue',
};

/** A line's type: a task's line says where its points are (held, charged, returned). */
function KindTag({ e }: { e: PointHistoryEntry }) {
  const { t } = useTranslation();
  return e.task ? (
    <Tag color={TASK_COLORS[e.task.state]}>{t(runtimeKey('billing.taskState.*', e.task.state))}</Tag>
  ) : e.kind === 'task' ? null : (
    <Tag color={KIND_COLORS[e.kind]}>{t(runtimeKey('billing.kinds.*', e.kind))}</Tag>
  );
}

/** What a task's points did, beyond its amount: still held, partly charged, or all returned. */
function taskDetail(task: NonNullable<PointHistoryEntry['task']>, amount: number, t: TFunction) {
  if (task.state === 'held') return t('billing.taskDetail.held', { held: task.held });
  if (task.state === 'released') return t('billing.taskDetail.released', { held: task.held });
  return -amount < task.held ? t('billing.taskDetail.partly', { held: task.held, charged: -amount }) : null;
}

/** Why the points moved, in words: the order, the task's file, the administrator's note. */
function reason(e: PointHistoryEntry, t: TFunction): string {
  if (e.task) {
    const name = e.task.fileName
      ? t(e.task.purpose === 'render' ? 'billing.reason.render' : 'billing.reason.task', {
          name: e.task.fileName,
        })
      : t('billing.reason.deletedTask');
    const detail = taskDetail(e.task, e.amount, t);
    return detail ? `${name} · ${detail}` : name;
  }
  if (e.orderId) return t('billing.reason.order', { id: e.orderId });
  switch (e.kind) {
    case 'grant':
    case 'adjustment':
      // points given by no manager: the account's welcome points
      if (!e.byManager) return t('billing.reason.welcome');
      return e.note ? t('billing.reason.managerNote', { note: e.note }) : t('billing.reason.manager');
    case 'expiry':
      return t('billing.reason.lot');
    case 'credit':
    case 'debit':
    case 'task':
      return t('billing.reason.api');
  }
}

/** /assets: balance, points held by running tasks, lots with their expiry, and every change. */
export default function AssetsPage() {
  usePageMeta('assets');
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES.orders);
  const site = useSiteConfig();
  const summary = usePointSummary();
  const history = usePointHistory(page, size);
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const number = (n: number) => n.toLocaleString(i18n.language);

  return (
    <PublicLayout>
      <Flex vertical gap={16} style={{ maxWidth: 960, margin: '0 auto' }} data-testid="assets-page">
        <Link to={paths.dashboard}>
          <ArrowLeftOutlined /> {t('billing.backToDashboard')}
        </Link>
        <Flex align="center" justify="space-between" wrap gap={12}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('assets.title')}
          </Typography.Title>
          {site.enablePointsPurchase ? (
            <Link to={dashboardView('points')}>
              <Button type="primary" data-testid="assets-buy">
                {t('buy.buyPoints')}
              </Button>
            </Link>
          ) : null}
        </Flex>
        {summary.isError || history.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('dashboard.pointsLoadFailed')}
            action={
              <Button
                size="small"
                onClick={() => {
                  void summary.refetch();
                  void history.refetch();
                }}
              >
                {t('common.retry')}
              </Button>
            }
          />
        ) : null}
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12}>
            <Card>
              <Statistic
                title={t('billing.available')}
                value={summary.data?.point ?? '-'}
                loading={summary.isPending}
                valueRender={(node) => <span data-testid="assets-balance">{node}</span>}
              />
            </Card>
          </Col>
          <Col xs={24} sm={12}>
            <Card>
              <Statistic
                title={t('billing.held')}
                value={summary.data?.held ?? '-'}
                loading={summary.isPending}
              />
              <Typography.Text type="secondary">{t('billing.heldHint')}</Typography.Text>
            </Card>
          </Col>
        </Row>
        <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('billing.lots')}</h2>}>
          <Table<PointLot>
            rowKey="id"
            size="small"
            data-testid="lots-table"
            // a ledger reads in columns: on a phone it scrolls sideways rather than wrap a word a line
            scroll={{ x: 'max-content' }}
            loading={summary.isPending}
            dataSource={summary.data?.lots ?? []}
            pagination={false}
            locale={{ emptyText: t('assets.empty') }}
            columns={[
              {
                title: t('billing.columns.remaining'),
                render: (_, l) => `${number(l.remaining)} / ${number(l.amount)}`,
              },
              {
                title: t('billing.columns.source'),
                dataIndex: 'source',
                render: (s: string) => t(runtimeKey('billing.source.*', s)),
              },
              { title: t('billing.columns.received'), dataIndex: 'createdAt', render: date },
              { title: t('billing.columns.expires'), dataIndex: 'expiresAt', render: date },
            ]}
          />
        </Card>
        <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('billing.history')}</h2>}>
          <Table<PointHistoryEntry>
            rowKey="id"
            size="small"
            data-testid="ledger-table"
            loading={history.isFetching}
            dataSource={history.data?.list ?? []}
            scroll={{ x: 640 }}
            locale={{ emptyText: t('billing.noHistory') }}
            pagination={{
              current: page,
              pageSize: size,
              total: history.data?.totalCount ?? 0,
              showSizeChanger: true,
              onChange: (p, s) => {
                setPage(s !== size ? 1 : p);
                setSize(s);
              },
            }}
            columns={[
              { title: t('billing.columns.time'), dataIndex: 'createdAt', render: date },
              {
                title: t('billing.columns.kind'),
                key: 'kind',
                render: (_, e) => <KindTag e={e} />,
              },
              {
                title: t('billing.columns.change'),
                dataIndex: 'amount',
                render: (a: number) => (
                  <Typography.Text type={a < 0 ? 'danger' : a > 0 ? 'success' : undefined}>
                    {a > 0 ? `+${number(a)}` : number(a)}
                  </Typography.Text>
                ),
              },
              { title: t('billing.columns.balance'), dataIndex: 'balanceAfter', render: number },
              {
                title: t('billing.columns.reason'),
                key: 'reason',
                render: (_, e) => <span data-testid="ledger-reason">{reason(e, t)}</span>,
              },
            ]}
          />
        </Card>
        <OrdersView />
      </Flex>
    </PublicLayout>
  );
}
