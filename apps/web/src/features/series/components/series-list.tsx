import { Alert, App, Button, Card, Empty, Flex, Popconfirm, Skeleton, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BRIEF_LIMITS, type SeriesSummary } from '@subtrans/contract';
import { pairLabel } from '../../../components/language-pair-fields';
import { currentLanguage } from '../../../lib/i18n';
import { seriesQueryKey, useSeriesList } from '../../../lib/voice-lists';
import { deleteSeries } from '../api/series';

/** The user's series: name, language pair, episodes, last change; open, make or delete (confirmed) one. */
export function SeriesList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useSeriesList();

  const remove = async (s: SeriesSummary) => {
    try {
      await deleteSeries(s.id);
      void message.success(t('series.deleted', { name: s.name }));
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      await client.invalidateQueries({ queryKey: seriesQueryKey });
    }
  };

  const title = (
    <Flex align="center" justify="space-between" wrap gap={8}>
      <h2 style={{ margin: 0, fontSize: 20 }}>{t('series.title')}</h2>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => onOpen('new')} data-testid="series-new">
        {t('series.new')}
      </Button>
    </Flex>
  );

  return (
    <Card title={title} data-testid="series-list">
      <Typography.Paragraph type="secondary">
        {t('series.intro', { count: list.data?.length ?? 0, max: BRIEF_LIMITS.seriesPerUser })}
      </Typography.Paragraph>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={list.error instanceof Error ? list.error.message : t('series.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.data.length === 0 ? (
        <Empty description={t('series.empty')} data-testid="series-empty" />
      ) : (
        <Table<SeriesSummary>
          rowKey="id"
          size="middle"
          dataSource={list.data}
          pagination={false}
          scroll={{ x: 600 }}
          onRow={(s) => ({ 'data-testid': `series-${s.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('series.name'),
              dataIndex: 'name',
              render: (name: string, s) => (
                <Button
                  type="link"
                  onClick={() => onOpen(s.id)}
                  style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                  data-testid="series-open"
                >
                  {name}
                </Button>
              ),
            },
            {
              title: t('voice.languages'),
              key: 'pair',
              render: (_, s) => pairLabel(s.sourceLanguage, s.targetLanguage, ui, t),
            },
            { title: t('series.episodes'), dataIndex: 'taskCount', width: 100 },
            {
              title: t('voice.updated'),
              dataIndex: 'updatedAt',
              render: (iso: string) => new Date(iso).toLocaleString(ui),
            },
            {
              title: t('tasks.col.actions'),
              key: 'actions',
              width: 150,
              render: (_, s) => (
                <Flex gap={4}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => onOpen(s.id)}
                    aria-label={t('series.editNamed', { name: s.name })}
                  >
                    {t('tasks.edit')}
                  </Button>
                  <Popconfirm
                    title={t('series.confirmDelete', { name: s.name })}
                    description={t('series.confirmDeleteText')}
                    okText={t('common.delete')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true, 'data-testid': 'series-delete-confirm' }}
                    onConfirm={() => void remove(s)}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('series.deleteNamed', { name: s.name })}
                      data-testid="series-delete"
                    />
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
