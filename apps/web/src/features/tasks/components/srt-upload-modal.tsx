import { useEffect, useRef, useState } from 'react';
import { Alert, App, Descriptions, Form, Modal, Spin, Switch, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  errorMessage,
  languageOptions,
  SUBTITLE_LANGUAGES,
  ErrorCodes,
  type PartPlan,
} from '@subtrans/contract';
import { SUBTITLE_EXTENSIONS } from '@subtrans/subtitles/extensions';
import { useSiteConfig } from '../../../lib/site-config';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { moneyChanged } from '../../../lib/money-sync';
import { usePoints } from '../../../lib/points';
import { createTask, startTask, tasksQueryKey, useEngines } from '../api/tasks';
import type { SubtitleEncoding } from '@subtrans/subtitles/encoding-names';
import type { EncodingReading, SrtCheck, SrtPreview } from '../lib/srt-preview';
import { voiceOf } from '../lib/voice-options';
import { capabilitiesOf } from '../lib/engine-options';

/**
 * the SRT reader: loaded when the modal opens, not with the dashboard (it loads the language model
 * itself, for Latin-script files only)
 */
const loadPreview = () => import('../lib/srt-preview');
import { useInsufficientPoints, usePartOffer } from './insufficient-points';
import { defaultEngine, TranslationOptionsFields } from './translation-options-fields';
import { VoiceOptionsFields } from './voice-options-fields';
import { EncodingChoice } from './encoding-choice';
import { FORMAT_NAMES, FrameRateChoice } from './frame-rate-choice';

const SRT_FIELDS = { source: 'originalLanguage', target: 'targetLanguage', engine: 'translationService' };

interface FormValues {
  originalLanguage: string;
  targetLanguage?: string;
  translationService?: string;
  includeOriginalText: boolean;
  keepEngineBreaks?: boolean;
  glossaryIds?: string[];
  seriesId?: string | null;
  formality?: string;
  translatorNote?: string;
  reviewTerms?: boolean;
}

/**
 * SPEC §2/§5 subtitle upload modal (issue 37: every format, decided by content): the file is checked and previewed (cues, detected language, cost)
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
  const offerPart = usePartOffer();
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SrtPreview | null>(null);
  // how the file was read (issue 37), kept when its content is refused: another encoding may fix it
  const [reading, setReading] = useState<EncodingReading | null>(null);
  // the latest read wins when the user changes the encoding while one is still being read
  const reads = useRef(0);
  // MicroDVD counts frames: the rate the user chose (absent: the file's, else 23.976)
  const [frameRate, setFrameRate] = useState<number | undefined>(undefined);
  const [fileError, setFileError] = useState<string | null>(null);
  // a picked file being read (and, for Latin script, the language model loaded)
  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    form.resetFields();
    setFile(null);
    setPreview(null);
    setReading(null);
    setFrameRate(undefined);
    setFileError(null);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  /**
   * reads the file (in `encoding`, else detected; MicroDVD at `fps`) and shows what it holds, or
   * why it is refused
   */
  const read = async (f: File, encoding?: SubtitleEncoding, fps = frameRate) => {
    const id = ++reads.current;
    setError(null);
    setPreview(null);
    setChecking(true);
    let check: SrtCheck;
    try {
      const { previewSrt } = await loadPreview();
      check = await previewSrt(f.name, new Uint8Array(await f.arrayBuffer()), encoding, fps);
    } catch {
      if (id === reads.current) setFileError(t('common.networkError'));
      return;
    } finally {
      if (id === reads.current) setChecking(false);
    }
    if (id !== reads.current) return;
    setReading(check.reading ?? null);
    if (!check.ok) {
      setFileError(
        'content' in check
          ? errorMessage(check.content, ui)
          : t(`tasks.upload.reject.${check.reason}`, check.params),
      );
      return;
    }
    setFileError(null);
    setPreview(check.preview);
    if (check.preview.detectionUncertain) void message.warning(t('tasks.upload.detectFailed'));
  };
  const pick = (f: File) => {
    setFile(f);
    setReading(null);
    setFrameRate(undefined);
    return read(f, undefined, undefined);
  };

  /**
   * SPEC §5: the file is required like the fields, and said so with their errors: called on
   * every submit, valid fields or not. A file already refused keeps its own reason.
   */
  const checkFile = (): boolean => {
    if (file && preview) return true;
    if (!file) setFileError(t('tasks.upload.fileRequired'));
    return false;
  };

  const submit = async (v: FormValues) => {
    if (!checkFile() || !file || !preview) return;
    const balance = points.data;
    if (balance !== undefined && balance < preview.cost) {
      // issue 34: the part the balance covers is offered (or buying points)
      const { planPart } = await loadPreview();
      const part = planPart(preview.lines, 0, 0, balance);
      offerPart({ balance, total: preview.cost, part }, (p) => send(v, file, preview, p));
      return;
    }
    await send(v, file, preview);
  };

  /** creates the task and starts it: all of it, or the part the user agreed to (at most its points) */
  const send = async (v: FormValues, file: File, preview: SrtPreview, part?: PartPlan) => {
    setSubmitting(true);
    setError(null);
    try {
      const task = await createTask({
        file,
        originalLanguage: v.originalLanguage,
        targetLanguage: v.targetLanguage!,
        translationService: v.translationService!,
        includeOriginalText: v.includeOriginalText,
        keepEngineBreaks: Boolean(v.keepEngineBreaks),
        voice: voiceOf(v, capabilitiesOf(engines.data, v.translationService)),
        // what the preview showed is what the task holds
        encoding: reading?.encoding,
        frameRate: preview.frameRate?.fps,
      });
      try {
        await startTask(task.id, part ? { maxPoints: part.points } : undefined);
        void message.success(part ? t('parts.started') : t('tasks.upload.started'));
      } catch (e) {
        // the task exists (pending): it can be started from the list once the reason is fixed
        if (e instanceof ApiError && e.code === ErrorCodes.INSUFFICIENT_POINTS.code) {
          askToBuy(preview.cost, points.data ?? 0);
        } else {
          void message.error(e instanceof Error ? e.message : t('tasks.startFailed'));
        }
      }
      await client.invalidateQueries({ queryKey: tasksQueryKey });
      // its points are held: the balance changed here and in other tabs
      await moneyChanged(client);
      close();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('tasks.upload.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const chosenSource = Form.useWatch('originalLanguage', form);
  return (
    <Modal
      open={open}
      title={t('tasks.upload.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('tasks.upload.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'srt-submit', disabled: checking }}
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
        onFinishFailed={() => void checkFile()}
      >
        <Form.Item
          label={t('tasks.upload.file')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? t('tasks.upload.fileHint')}
        >
          <Upload.Dragger
            accept={SUBTITLE_EXTENSIONS.join(',')}
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
            {preview ? (
              <p className="ant-upload-hint" data-testid="srt-format">
                {FORMAT_NAMES[preview.format]}
              </p>
            ) : null}
          </Upload.Dragger>
        </Form.Item>
        {file && preview?.frameRate ? (
          <FrameRateChoice
            rate={preview.frameRate}
            busy={checking}
            onChange={(fps) => {
              setFrameRate(fps);
              void read(file, reading?.encoding, fps);
            }}
          />
        ) : null}
        {file && reading ? (
          <EncodingChoice reading={reading} busy={checking} onChange={(e) => void read(file, e)} />
        ) : null}
        {checking && !reading ? (
          <Typography.Paragraph type="secondary" data-testid="srt-checking">
            <Spin size="small" /> {t('tasks.upload.checking')}
          </Typography.Paragraph>
        ) : null}
        {preview ? (
          <Descriptions
            size="small"
            layout="vertical"
            // two a row on a phone: four squeezed a Japanese label to a character a line
            column={{ xs: 2, sm: 4 }}
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
        <TranslationOptionsFields
          form={form}
          open={open}
          testId="srt"
          names={SRT_FIELDS}
          source={{
            languages: SUBTITLE_LANGUAGES,
            label: t('tasks.upload.source'),
            extra:
              chosenSource === 'auto' && preview
                ? t('tasks.upload.autoHint', {
                    language: languageOptions([preview.detectedLanguage], ui)[0]!.label,
                  })
                : undefined,
          }}
        />
        <Form.Item name="includeOriginalText" label={t('tasks.upload.bilingual')} valuePropName="checked">
          <Switch data-testid="srt-bilingual" />
        </Form.Item>
        <VoiceOptionsFields form={form} testId="srt" names={SRT_FIELDS} />
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('tasks.upload.priceNote')} {t('tasks.upload.chargeNote')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
