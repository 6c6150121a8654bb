import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Dropdown,
  Empty,
  Flex,
  Popconfirm,
  Skeleton,
  Table,
  Typography,
} from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GLOSSARY_FILE_FORMATS, GLOSSARY_LIMITS, type GlossarySummary } from '@subtrans/contract';
import { pairLabel } from '../../../components/language-pair-fields';
import { currentLanguage } from '../../../lib/i18n';
import { glossariesQueryKey, useGlossaryList } from '../../../lib/voice-lists';
import { deleteGlossary, exportGlossary } from '../api/glossaries';
import { ImportDialog } from './import-dialog';

/**
 * The user's glossaries: name, language pair, entries, last change; open one to edit it, export
 * it as CSV or TSV, delete it (confirmed); make a new one or import one from a file.
 */
export function GlossaryList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useGlossaryList();
  const [importing, setImporting] = useState(false);

  const remove = async (g: GlossarySummary) => {
    try {
      await deleteGlossary(g.id);
      void message.success(t('glossaries.deleted', { name: g.name }));
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      await client.invalidateQueries({ queryKey: glossariesQueryKey });
    }
  };

  const download = async (g: GlossarySummary, format: (typeof GLOSSARY_FILE_FORMATS)[number]) => {
    try {
      await exportGlossary(g.id, format, g.name);
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    }
  };

  const count = list.data?.length ?? 0;
  const title = (
    <Flex align="center" justify="space-between" wrap gap={8}>
      <h2 style={{ margin: 0, fontSize: 20 }}>{t('glossaries.title')}</h2>
      <Flex gap={8} wrap>
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
      </Flex>
    </Flex>
  );

  return (
    <Card title={title} data-testid="glossary-list">
      <Typography.Paragraph type="secondary">
        {t('glossaries.intro', { count, max: GLOSSARY_LIMITS.glossariesPerUser })}
      </Typography.Paragraph>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={list.error instanceof Error ? list.error.message : t('glossaries.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.data.length === 0 ? (
        <Empty description={t('glossaries.empty')} data-testid="glossary-empty" />
      ) : (
        <Table<GlossarySummary>
          rowKey="id"
          size="middle"
          dataSource={list.data}
          pagination={false}
          scroll={{ x: 640 }}
          onRow={(g) => ({ 'data-testid': `glossary-${g.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('glossaries.name'),
              dataIndex: 'name',
              render: (name: string, g) => (
                <Button
                  type="link"
                  onClick={() => onOpen(g.id)}
                  style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                  data-testid="glossary-open"
                >
                  {name}
                </Button>
              ),
            },
            {
              title: t('voice.languages'),
              key: 'pair',
              render: (_, g) => pairLabel(g.sourceLanguage, g.targetLanguage, ui, t),
            },
            {
              title: t('glossaries.entries'),
              dataIndex: 'entryCount',
              width: 100,
              render: (n: number) => n.toLocaleString(ui),
            },
            {
              title: t('voice.updated'),
              dataIndex: 'updatedAt',
              render: (iso: string) => new Date(iso).toLocaleString(ui),
            },
            {
              title: t('tasks.col.actions'),
              key: 'actions',
              width: 200,
              render: (_, g) => (
                <Flex gap={4}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => onOpen(g.id)}
                    aria-label={t('glossaries.editNamed', { name: g.name })}
                  >
                    {t('tasks.edit')}
                  </Button>
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: GLOSSARY_FILE_FORMATS.map((f) => ({
                        key: f,
                        label: t('glossaries.exportAs', { format: f.toUpperCase() }),
                        'data-testid': `glossary-export-${f}`,
                      })),
                      onClick: ({ key }) => void download(g, key as (typeof GLOSSARY_FILE_FORMATS)[number]),
                    }}
                  >
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label={t('glossaries.exportNamed', { name: g.name })}
                      data-testid="glossary-export"
                    />
                  </Dropdown>
                  <Popconfirm
                    title={t('glossaries.confirmDelete', { name: g.name })}
                    description={t('glossaries.confirmDeleteText')}
                    okText={t('common.delete')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true, 'data-testid': 'glossary-delete-confirm' }}
                    onConfirm={() => void remove(g)}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('glossaries.deleteNamed', { name: g.name })}
                      data-testid="glossary-delete"
                    />
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      )}
      <ImportDialog
        open={importing}
        into={null}
        onClose={() => setImporting(false)}
        onImported={() => undefined}
      />
    </Card>
  );
}
