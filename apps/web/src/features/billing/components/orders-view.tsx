import { useState } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Order } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { useOrders } from '../api/orders';

/**
 * SPEC §2 my orders: paged (10), number, status, product, amount, creation time. One state at a
 * time: loading, the error with a retry, no orders yet, or the table (an error and an empty table
 * together read as "you have no orders", which the page does not know).
 */
export function OrdersView() {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const [page, setPage] = useState(1);
  const orders = useOrders(page);
  const title = <h2 style={{ margin: 0, fontSize: 20 }}>{t('dashboard.ordersView.title')}</h2>;
  if (orders.isError)
    return (
      <Card title={title}>
        <Alert
          type="error"
          showIcon
          data-testid="orders-error"
          title={orders.error instanceof Error ? orders.error.message : t('orders.loadFailed')}
          action={
            <Button
              size="small"
              loading={orders.isFetching}
              onClick={() => void orders.refetch()}
              data-testid="orders-retry"
            >
              {t('common.retry')}
            </Button>
          }
        />
      </Card>
    );
  if (!orders.data)
    return (
      <Card title={title}>
        <div data-testid="orders-loading">
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      </Card>
    );
  if (orders.data.totalCount === 0)
    return (
      <Card title={title}>
        <div data-testid="orders-empty">
          <Empty description={t('dashboard.ordersView.empty')} />
        </div>
      </Card>
    );
  return (
    <Card title={title}>
      <Table<Order>
        rowKey="orderId"
        loading={orders.isFetching}
        dataSource={orders.data.list}
        data-testid="orders-table"
        scroll={{ x: 720 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZES.orders,
          total: orders.data.totalCount,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: t('orders.number'), dataIndex: 'orderId' },
          {
            title: t('orders.status'),
            dataIndex: 'status',
            render: (s: number) =>
              s === 2 ? (
                <Tag color="success">{t('orders.paid')}</Tag>
              ) : s === 1 ? (
                <Tag>{t('orders.unpaid')}</Tag>
              ) : (
                <Tag>{t('orders.unknown')}</Tag>
              ),
          },
          {
            title: t('orders.product'),
            key: 'product',
            render: (_, o) => t('buy.points', { points: o.points.toLocaleString() }),
          },
          {
            title: t('orders.amount'),
            key: 'amount',
            render: (_, o) => `${o.channel === 2 ? '$' : '¥'}${o.price.toFixed(2)}`,
          },
          {
            title: t('orders.created'),
            dataIndex: 'createTime',
            render: (v: string) => new Date(v).toLocaleString(ui),
          },
        ]}
      />
    </Card>
  );
}
