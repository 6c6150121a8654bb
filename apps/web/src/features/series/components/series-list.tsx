import { Button, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BRIEF_LIMITS, type SeriesSummary } from '@subtrans/contract';
import { ListCard, ownedColumns, RowActions, useRemove } from '../../../components/owned-list';
import { seriesQueryKey, useSeriesList } from '../../../lib/voice-lists';
import { deleteSeries } from '../api/series';

/** The user's series: name, language pair, episodes, last change; open, make or delete (confirmed) one. */
export function SeriesList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const list = useSeriesList();
  const remove = useRemove<SeriesSummary>(deleteSeries, seriesQueryKey, (s) =>
    t('series.deleted', { name: s.name }),
  );

  return (
    <ListCard<SeriesSummary>
      heading={t('series.title')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => onOpen('new')} data-testid="series-new">
          {t('series.new')}
        </Button>
      }
      intro={t('series.intro', { count: list.data?.length ?? 0, max: BRIEF_LIMITS.seriesPerUser })}
      list={list}
      loadFailed={t('series.loadFailed')}
      empty={t('series.empty')}
      testId="series"
    >
      {(rows, width) => (
        <Table<SeriesSummary>
          rowKey="id"
          size="middle"
          dataSource={rows}
          pagination={false}
          onRow={(s) => ({ 'data-testid': `series-${s.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            ...ownedColumns<SeriesSummary>(t, {
              nameTitle: t('series.name'),
              testId: 'series',
              onOpen,
              width,
              middle: [{ title: t('series.episodes'), dataIndex: 'taskCount', width: 100 }],
            }),
            {
              title: t('tasks.col.actions'),
              key: 'actions',
              render: (_, s) => (
                <RowActions
                  testId="series"
                  editLabel={t('series.editNamed', { name: s.name })}
                  onEdit={() => onOpen(s.id)}
                  confirm={{
                    title: t('series.confirmDelete', { name: s.name }),
                    text: t('series.confirmDeleteText'),
                    deleteLabel: t('series.deleteNamed', { name: s.name }),
                  }}
                  onDelete={() => void remove(s)}
                />
              ),
            },
          ]}
        />
      )}
    </ListCard>
  );
}
