import { useState } from 'react';
import { Alert, Button, Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Order } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { useOrders } from '../api/orders';

/** SPEC §2 my orders: paged (10), number, status, product, amount, creation time; errors with retry. */
export function OrdersView() {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const [page, setPage] = useState(1);
  const orders = useOrders(page);
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 20 }}>{t('dashboard.ordersView.title')}</h2>}>
      {orders.isError ? (
        <Alert
          type="error"
          showIcon
          title={orders.error instanceof Error ? orders.error.message : t('orders.loadFailed')}
          action={
            <Button size="small" onClick={() => void orders.refetch()}>
              {t('common.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Table<Order>
        rowKey="orderId"
        loading={orders.isLoading}
        dataSource={orders.data?.list ?? []}
        locale={{ emptyText: t('dashboard.ordersView.empty') }}
        data-testid="orders-table"
        scroll={{ x: 720 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZES.orders,
          total: orders.data?.totalCount ?? 0,
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
