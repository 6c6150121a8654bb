import { useState } from 'react';
import { Button, Table } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GLOSSARY_LIMITS, type GlossarySummary } from '@subtrans/contract';
import { ListCard, ownedColumns, RowActions, useRemove } from '../../../components/owned-list';
import { currentLanguage } from '../../../lib/i18n';
import { glossariesQueryKey, useGlossaryList } from '../../../lib/voice-lists';
import { deleteGlossary } from '../api/glossaries';
import { ExportMenu } from './export-menu';
import { ImportDialog } from './import-dialog';

/**
 * The user's glossaries: name, language pair, entries, last change; open one to edit it, export
 * it as CSV or TSV, delete it (confirmed); make a new one or import one from a file.
 */
export function GlossaryList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const list = useGlossaryList();
  const [importing, setImporting] = useState(false);
  const remove = useRemove<GlossarySummary>(deleteGlossary, glossariesQueryKey, (g) =>
    t('glossaries.deleted', { name: g.name }),
  );

  return (
    <ListCard<GlossarySummary>
      heading={t('glossaries.title')}
      actions={
        <>
          <Button
            icon={<UploadOutlined />}
            onClick={() => setImporting(true)}
            data-testid="glossary-import-new"
          >
            {t('glossaries.importNew')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => onOpen('new')}
            data-testid="glossary-new"
          >
            {t('glossaries.new')}
          </Button>
        </>
      }
      intro={t('glossaries.intro', {
        count: list.data?.length ?? 0,
        max: GLOSSARY_LIMITS.glossariesPerUser,
      })}
      list={list}
      loadFailed={t('glossaries.loadFailed')}
      empty={t('glossaries.empty')}
      testId="glossary"
      footer={
        <ImportDialog
          open={importing}
          into={null}
          onClose={() => setImporting(false)}
          onImported={() => undefined}
        />
      }
    >
      {(rows, width) => (
        <Table<GlossarySummary>
          rowKey="id"
          size="middle"
          dataSource={rows}
          pagination={false}
          onRow={(g) => ({ 'data-testid': `glossary-${g.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            ...ownedColumns<GlossarySummary>(t, {
              nameTitle: t('glossaries.name'),
              testId: 'glossary',
              onOpen,
              width,
              middle: [
                {
                  title: t('glossaries.entries'),
                  dataIndex: 'entryCount',
                  width: 100,
                  render: (n: number) => n.toLocaleString(ui),
                },
              ],
            }),
            {
              title: t('tasks.col.actions'),
              key: 'actions',
              render: (_, g) => (
                <RowActions
                  testId="glossary"
                  editLabel={t('glossaries.editNamed', { name: g.name })}
                  onEdit={() => onOpen(g.id)}
                  extra={
                    <ExportMenu glossary={g}>
                      <Button
                        size="small"
                        icon={<DownloadOutlined />}
                        aria-label={t('glossaries.exportNamed', { name: g.name })}
                        data-testid="glossary-export"
                      />
                    </ExportMenu>
                  }
                  confirm={{
                    title: t('glossaries.confirmDelete', { name: g.name }),
                    text: t('glossaries.confirmDeleteText'),
                    deleteLabel: t('glossaries.deleteNamed', { name: g.name }),
                  }}
                  onDelete={() => void remove(g)}
                />
              ),
            },
          ]}
        />
      )}
    </ListCard>
  );
}
