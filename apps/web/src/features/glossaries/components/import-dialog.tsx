import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  GLOSSARY_FILE_COLUMNS,
  GLOSSARY_LIMITS,
  type ImportedGlossary,
  type SubtitleLanguageCode,
} from '@subtrans/contract';
import { LanguagePairFields } from '../../../components/language-pair-fields';
import { glossariesQueryKey } from '../../../lib/voice-lists';
import { importGlossary } from '../api/glossaries';
import { nameOfFile, readImportFile, type ImportFile } from '../lib/import-file';

interface NewValues {
  name: string;
  sourceLanguage: SubtitleLanguageCode;
  targetLanguage: SubtitleLanguageCode;
  mode: 'merge' | 'replace';
}

/**
 * Import of a CSV/TSV file (read as text here, parsed by the server) into a new glossary (name
 * and languages asked) or into `into` (its entries merged with the file's, or replaced by them).
 * The answer says how many rows were taken and lists the rows left out by their number.
 */
export function ImportDialog(props: {
  open: boolean;
  /** an existing glossary to import into; null: a new one */
  into: { id: string; name: string } | null;
  /** the glossary open for editing has changes not saved: the import replaces them */
  unsaved?: boolean;
  onClose: () => void;
  onImported: (answer: ImportedGlossary) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<NewValues>();
  const [file, setFile] = useState<Extract<ImportFile, { ok: true }> | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportedGlossary | null>(null);

  const close = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    setError(null);
    setResult(null);
    props.onClose();
  };

  const pick = async (f: File) => {
    setError(null);
    const read = await readImportFile(f);
    if (!read.ok) {
      setFile(null);
      setFileError(
        read.reason === 'tooLarge'
          ? t('glossaries.import.tooLarge', { max: GLOSSARY_LIMITS.importChars.toLocaleString() })
          : read.reason === 'empty'
            ? t('glossaries.import.empty')
            : t('glossaries.import.unreadable'),
      );
      return;
    }
    setFile(read);
    setFileError(null);
    if (!props.into && !form.getFieldValue('name')) form.setFieldValue('name', nameOfFile(f.name));
  };

  const submit = async (v: NewValues) => {
    if (!file) {
      setFileError(t('glossaries.import.fileRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await importGlossary(
        props.into
          ? { id: props.into.id, format: file.format, text: file.text, mode: v.mode }
          : {
              name: v.name,
              sourceLanguage: v.sourceLanguage,
              targetLanguage: v.targetLanguage,
              format: file.format,
              text: file.text,
            },
      );
      await client.invalidateQueries({ queryKey: glossariesQueryKey });
      setResult(answer);
      props.onImported(answer);
    } catch (e) {
      // the server's words: the file's problem, a limit (entries, glossaries), a language
      setError(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      setBusy(false);
    }
  };

  const title = props.into
    ? t('glossaries.import.intoTitle', { name: props.into.name })
    : t('glossaries.import.title');
  return (
    <Modal
      open={props.open}
      title={title}
      onCancel={close}
      destroyOnHidden
      width={620}
      footer={
        result ? (
          <Button type="primary" onClick={close} data-testid="import-done">
            {t('glossaries.import.done')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="import-submit">
              {t('glossaries.import.submit')}
            </Button>
          </Flex>
        )
      }
    >
      {result ? (
        <ImportResult result={result} />
      ) : (
        <Form<NewValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ mode: 'merge', sourceLanguage: 'auto' }}
          onFinish={(v) => void submit(v)}
          onFinishFailed={() => {
            if (!file) setFileError(t('glossaries.import.fileRequired'));
          }}
          data-testid="import-dialog"
        >
          <Form.Item
            label={t('glossaries.import.file')}
            required
            validateStatus={fileError ? 'error' : undefined}
            help={fileError}
            extra={
              fileError
                ? undefined
                : t('glossaries.import.fileHint', { columns: GLOSSARY_FILE_COLUMNS.join(', ') })
            }
          >
            <Upload.Dragger
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
              multiple={false}
              maxCount={1}
              showUploadList={false}
              beforeUpload={(f) => {
                void pick(f);
                return false;
              }}
              aria-label={t('glossaries.import.file')}
              data-testid="import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text" data-testid="import-file-name">
                {file ? `${file.name} (${file.format.toUpperCase()})` : t('glossaries.import.drop')}
              </p>
            </Upload.Dragger>
          </Form.Item>
          {props.into ? (
            <Form.Item name="mode" label={t('glossaries.import.mode')}>
              <Radio.Group
                data-testid="import-mode"
                options={[
                  { value: 'merge', label: t('glossaries.import.merge') },
                  { value: 'replace', label: t('glossaries.import.replace') },
                ]}
              />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                name="name"
                label={t('glossaries.name')}
                rules={[{ required: true, whitespace: true, message: t('glossaries.nameRequired') }]}
              >
                <Input maxLength={GLOSSARY_LIMITS.nameChars} data-testid="import-name" />
              </Form.Item>
              <LanguagePairFields testId="import" />
            </>
          )}
          {props.into && props.unsaved ? (
            <Alert
              type="warning"
              showIcon
              title={t('glossaries.import.unsaved')}
              style={{ marginBottom: 12 }}
            />
          ) : null}
          {error ? (
            <Alert type="error" showIcon role="alert" title={error} data-testid="import-error" />
          ) : null}
        </Form>
      )}
    </Modal>
  );
}

function ImportResult({ result }: { result: ImportedGlossary }) {
  const { t } = useTranslation();
  return (
    <div data-testid="import-result">
      <Alert
        type={result.skipped.length ? 'warning' : 'success'}
        showIcon
        role="status"
        title={t('glossaries.import.imported', {
          count: result.imported,
          name: result.glossary.name,
          total: result.glossary.entryCount,
        })}
        description={
          result.skipped.length ? t('glossaries.import.skipped', { count: result.skipped.length }) : undefined
        }
        style={{ marginBottom: 12 }}
      />
      {result.skipped.length ? (
        <ol
          aria-label={t('glossaries.import.skippedList')}
          style={{ maxHeight: 280, overflow: 'auto', margin: 0, paddingInlineStart: 20 }}
        >
          {result.skipped.map((s) => (
            <li key={s.row} data-testid="import-skipped">
              {t('glossaries.import.skippedRow', { row: s.row, reason: s.reason })}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
