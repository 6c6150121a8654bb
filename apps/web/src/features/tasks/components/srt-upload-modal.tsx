import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Descriptions, Form, Modal, Select, Switch, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { languageOptions, SUBTITLE_LANGUAGES, ErrorCodes, type EngineStatus } from '@subtrans/contract';
import { useSiteConfig } from '../../../lib/site-config';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { pointsQueryKey, usePoints } from '../../../lib/points';
import { createTask, startTask, tasksQueryKey, useEngines } from '../api/tasks';
import type { SrtCheck, SrtPreview } from '../lib/srt-preview';

/** the SRT reader and language detector (large): loaded when the modal opens, not with the dashboard */
const loadPreview = () => import('../lib/srt-preview');
import { useInsufficientPoints } from './insufficient-points';

interface FormValues {
  originalLanguage: string;
  targetLanguage?: string;
  translationService?: string;
  includeOriginalText: boolean;
}

const TARGETS = SUBTITLE_LANGUAGES.filter((l) => l !== 'auto');

/** The engine to preselect: DeepSeek (SPEC default) when usable, else the first usable one. */
export function defaultEngine(engines: EngineStatus[] | undefined): string | undefined {
  const usable = engines?.filter((e) => e.enabled) ?? [];
  return (usable.find((e) => e.name === 'deepseek') ?? usable[0])?.name;
}

/**
 * SPEC §2/§5 SRT upload modal: the file is checked and previewed (cues, detected language, cost)
 * in the browser before anything is sent; submit compares the balance with the cost, then creates
 * the task and starts it.
 */
export function SrtUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (open) void loadPreview().catch(() => undefined);
  }, [open]);
  const { t } = useTranslation();
  const ui = currentLanguage();
  const { message } = App.useApp();
  const site = useSiteConfig();
  const client = useQueryClient();
  const engines = useEngines();
  const points = usePoints();
  const askToBuy = useInsufficientPoints();
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SrtPreview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sourceOptions = useMemo(() => languageOptions(SUBTITLE_LANGUAGES, ui), [ui]);
  const targetOptions = useMemo(() => languageOptions(TARGETS, ui), [ui]);
  const engineOptions = (engines.data ?? []).map((e) => ({
    value: e.name,
    disabled: !e.enabled,
    label: e.enabled
      ? t(`tasks.engine.${e.name}`)
      : `${t(`tasks.engine.${e.name}`)} (${t(`tasks.engineReason.${e.reason ?? 'not_configured'}`)})`,
  }));

  const reset = () => {
    form.resetFields();
    setFile(null);
    setPreview(null);
    setFileError(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = async (f: File) => {
    setError(null);
    setFile(f);
    setPreview(null);
    let check: SrtCheck;
    try {
      const { previewSrt } = await loadPreview();
      check = previewSrt(f.name, new Uint8Array(await f.arrayBuffer()));
    } catch {
      setFileError(t('common.networkError'));
      return;
    }
    if (!check.ok) {
      setFileError(t(`tasks.upload.reject.${check.reason}`, check.params));
      return;
    }
    setFileError(null);
    setPreview(check.preview);
    if (check.preview.detectionUncertain) void message.warning(t('tasks.upload.detectFailed'));
  };

  const submit = async (v: FormValues) => {
    if (!file || !preview) {
      setFileError(t('tasks.upload.fileRequired'));
      return;
    }
    const balance = points.data;
    if (balance !== undefined && balance < preview.cost) {
      askToBuy(preview.cost, balance);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const task = await createTask({
        file,
        originalLanguage: v.originalLanguage,
        targetLanguage: v.targetLanguage!,
        translationService: v.translationService!,
        includeOriginalText: v.includeOriginalText,
      });
      try {
        await startTask(task.id);
        void message.success(t('tasks.upload.started'));
      } catch (e) {
        // the task exists (pending): it can be started from the list once the reason is fixed
        if (e instanceof ApiError && e.code === ErrorCodes.INSUFFICIENT_POINTS.code) {
          askToBuy(preview.cost, points.data ?? 0);
        } else {
          void message.error(e instanceof Error ? e.message : t('tasks.startFailed'));
        }
      }
      await client.invalidateQueries({ queryKey: tasksQueryKey });
      await client.invalidateQueries({ queryKey: pointsQueryKey });
      close();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('tasks.upload.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const chosenSource = Form.useWatch('originalLanguage', form);
  // the engines may arrive after the form: preselect once they do
  useEffect(() => {
    if (open && engines.data && !form.getFieldValue('translationService'))
      form.setFieldValue('translationService', defaultEngine(engines.data));
  }, [open, engines.data, form]);

  return (
    <Modal
      open={open}
      title={t('tasks.upload.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('tasks.upload.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'srt-submit' }}
      width={620}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          originalLanguage: 'auto',
          includeOriginalText: site.includeOriginalText,
          translationService: defaultEngine(engines.data),
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          label={t('tasks.upload.file')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? t('tasks.upload.fileHint')}
        >
          <Upload.Dragger
            accept=".srt"
            multiple={false}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              void pick(f);
              return false;
            }}
            data-testid="srt-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{file ? file.name : t('tasks.upload.drop')}</p>
          </Upload.Dragger>
        </Form.Item>
        {preview ? (
          <Descriptions
            size="small"
            layout="vertical"
            column={4}
            bordered
            style={{ marginBottom: 16 }}
            data-testid="srt-preview"
            items={[
              { key: 'cues', label: t('tasks.upload.cues'), children: preview.cues },
              {
                key: 'lang',
                label: t('tasks.upload.detected'),
                children: (
                  <span data-testid="srt-detected">
                    {languageOptions([preview.detectedLanguage], ui)[0]!.label}
                  </span>
                ),
              },
              { key: 'minutes', label: t('tasks.upload.minutes'), children: preview.minutes },
              {
                key: 'cost',
                label: t('tasks.upload.cost'),
                children: (
                  <>
                    <span data-testid="srt-cost">
                      {t('tasks.upload.costValue', { points: preview.cost, balance: points.data ?? '—' })}
                    </span>
                    <Typography.Text
                      type="secondary"
                      data-testid="srt-cost-rule"
                      style={{ display: 'block' }}
                    >
                      {t(`tasks.upload.rule.${preview.costRule}`, { count: preview.costCount })}
                    </Typography.Text>
                  </>
                ),
              },
            ]}
          />
        ) : null}
        <Form.Item
          name="originalLanguage"
          label={t('tasks.upload.source')}
          rules={[{ required: true, message: t('tasks.upload.sourceRequired') }]}
          extra={
            chosenSource === 'auto' && preview
              ? t('tasks.upload.autoHint', {
                  language: languageOptions([preview.detectedLanguage], ui)[0]!.label,
                })
              : undefined
          }
        >
          <Select
            showSearch={{ optionFilterProp: 'search' }}
            options={sourceOptions}
            data-testid="srt-source"
          />
        </Form.Item>
        <Form.Item
          name="targetLanguage"
          label={t('tasks.upload.target')}
          rules={[{ required: true, message: t('tasks.upload.targetRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'search' }}
            options={targetOptions}
            placeholder={t('tasks.upload.targetPlaceholder')}
            data-testid="srt-target"
          />
        </Form.Item>
        <Form.Item
          name="translationService"
          label={t('tasks.upload.engine')}
          rules={[{ required: true, message: t('tasks.upload.engineRequired') }]}
          extra={engines.data && !defaultEngine(engines.data) ? t('tasks.upload.noEngine') : undefined}
        >
          <Select options={engineOptions} loading={engines.isLoading} data-testid="srt-engine" />
        </Form.Item>
        <Form.Item name="includeOriginalText" label={t('tasks.upload.bilingual')} valuePropName="checked">
          <Switch data-testid="srt-bilingual" />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('tasks.upload.priceNote')} {t('tasks.upload.chargeNote')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
