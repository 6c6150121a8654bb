import { useState } from 'react';
import { App, Button, Checkbox, Form, Modal, Switch, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '@subtrans/contract';
import { downloadBatch } from '../../../lib/task-export';
import type { BatchGroup } from '../lib/batch-rows';

const FORMAT_LABELS: Record<ExportFormat, string> = { srt: 'SRT', vtt: 'WebVTT', ass: 'ASS' };

/**
 * Issue 39: "Download all": a small dialog for the formats (one or more) and the bilingual
 * switch, then a ZIP of every finished task of the batch in each format (/batch/export).
 * Offered once a task of the batch is finished.
 */
export function BatchDownload({ group }: { group: BatchGroup }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [formats, setFormats] = useState<ExportFormat[]>(['srt']);
  const [bilingual, setBilingual] = useState(false);
  const [busy, setBusy] = useState(false);
  const { completed, total } = group.counts;

  const download = async () => {
    setBusy(true);
    try {
      await downloadBatch(group.id, { formats, includeOriginal: bilingual });
      setOpen(false);
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('tasks.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        disabled={!completed}
        onClick={() => setOpen(true)}
        data-testid="batch-download"
      >
        {t('tasks.batch.downloadAll')}
      </Button>
      <Modal
        open={open}
        title={t('tasks.batch.downloadTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => void download()}
        okText={t('exportDialog.download')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        okButtonProps={{ disabled: !formats.length, 'data-testid': 'batch-download-ok' }}
        width={440}
        destroyOnHidden
      >
        <Form layout="vertical" data-testid="batch-download-dialog">
          <Typography.Paragraph type="secondary">
            {t('tasks.batch.downloadNote', { done: completed, total })}
          </Typography.Paragraph>
          <Form.Item
            label={t('tasks.batch.formats')}
            validateStatus={formats.length ? undefined : 'error'}
            help={formats.length ? undefined : t('tasks.batch.formatRequired')}
          >
            <Checkbox.Group
              value={formats}
              // in the one order, whatever order they were ticked in
              onChange={(chosen) => setFormats(EXPORT_FORMATS.filter((f) => chosen.includes(f)))}
              role="group"
              aria-label={t('tasks.batch.formats')}
            >
              {EXPORT_FORMATS.map((f) => (
                <Checkbox key={f} value={f} data-testid={`batch-format-${f}`}>
                  {FORMAT_LABELS[f]}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
          <Form.Item
            label={t('tasks.upload.bilingual')}
            htmlFor="batch-bilingual"
            style={{ marginBottom: 0 }}
          >
            <Switch
              id="batch-bilingual"
              checked={bilingual}
              onChange={setBilingual}
              data-testid="batch-bilingual"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
