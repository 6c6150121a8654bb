import { useEffect, useRef, useState } from 'react';
import { Alert, App, Form, Modal, Spin, Switch, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BATCH_LIMITS,
  languageOptions,
  SUBTITLE_LANGUAGES,
  ErrorCodes,
  type PartPlan,
} from '@subtrans/contract';
import { useSiteConfig } from '../../../lib/site-config';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { moneyChanged } from '../../../lib/money-sync';
import { usePoints } from '../../../lib/points';
import { createBatch, createTask, startTask, tasksQueryKey, useEngines } from '../api/tasks';
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
import { BatchFileList, BatchTotal } from './batch-file-list';
import { SrtPreviewFacts } from './srt-preview-facts';
import { SubtitlePicker } from './subtitle-picker';
import { refusalText, useBatchPreview } from './use-batch-preview';

const SRT_FIELDS = { source: 'originalLanguage', target: 'targetLanguages', engine: 'translationService' };

interface FormValues {
  originalLanguage: string;
  /** issue 39: one or more (BATCH_LIMITS.targets) */
  targetLanguages?: string[];
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
 * the task and starts it. Issue 39: several files (picked at once, dropped, or a folder's) or
 * several target languages make a batch: each file previewed and listed, the total compared with
 * the balance, then one /batch/create that creates and starts a task per file and language.
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
  // issue 39: the files of a pick of more than one, each read as it comes
  const many = useBatchPreview();
  // issue 39: one file into several languages (many files always may be)
  const [severalTargets, setSeveralTargets] = useState(false);

  const reset = () => {
    form.resetFields();
    many.reset();
    setSeveralTargets(false);
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
      setFileError(refusalText(check, t, ui));
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
  /** one file as ever; more, a batch: each listed with what it holds */
  const choose = (files: readonly File[]) => {
    setFileError(null);
    setError(null);
    if (files.length === 1) {
      many.reset();
      return pick(files[0]!);
    }
    reads.current += 1;
    setFile(null);
    setPreview(null);
    setReading(null);
    setChecking(false);
    if (!files.length) setFileError(t('tasks.batch.noSubtitles'));
    return many.choose(files);
  };

  /**
   * SPEC §5: the file is required like the fields, and said so with their errors: called on
   * every submit, valid fields or not. A file already refused keeps its own reason.
   */
  const checkFile = (): boolean => {
    if (many.entries.length) {
      if (many.ready.length) return true;
      setFileError(t('tasks.batch.noneReady'));
      return false;
    }
    if (file && preview) return true;
    if (!file) setFileError(t('tasks.upload.fileRequired'));
    return false;
  };

  const submit = async (v: FormValues) => {
    const targets = v.targetLanguages ?? [];
    if (many.entries.length || targets.length > 1) return sendBatch(v, targets);
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
        targetLanguage: v.targetLanguages![0]!,
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

  /**
   * issue 39: every task of the batch created and started at once, or none; a balance short of the
   * total is refused here, before anything is sent
   */
  const sendBatch = async (v: FormValues, targets: string[]) => {
    if (!checkFile()) return;
    const one = many.entries.length ? null : preview && file ? { file, preview } : null;
    const total = (one ? one.preview.cost : many.cost) * targets.length;
    const balance = points.data;
    if (balance !== undefined && balance < total) return askToBuy(total, balance);
    setSubmitting(true);
    setError(null);
    try {
      const batch = await createBatch({
        files: one ? [one.file] : many.ready.map((e) => e.file),
        targetLanguages: targets,
        originalLanguage: v.originalLanguage,
        translationService: v.translationService!,
        includeOriginalText: v.includeOriginalText,
        keepEngineBreaks: Boolean(v.keepEngineBreaks),
        voice: voiceOf(v, capabilitiesOf(engines.data, v.translationService)),
        // one file: read as its preview showed it; many: each detected, as the preview did
        ...(one ? { encoding: reading?.encoding, frameRate: one.preview.frameRate?.fps } : {}),
      });
      void message.success(t('tasks.batch.started', { count: batch.tasks.length }));
      await client.invalidateQueries({ queryKey: tasksQueryKey });
      await moneyChanged(client);
      close();
    } catch (e) {
      if (e instanceof ApiError && e.code === ErrorCodes.INSUFFICIENT_POINTS.code) {
        const asked = e.data as { needed?: number; current?: number } | null;
        askToBuy(asked?.needed ?? total, asked?.current ?? balance ?? 0);
      } else setError(e instanceof Error && e.message ? e.message : t('tasks.upload.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const chosenSource = Form.useWatch('originalLanguage', form);
  const chosenTargets = Form.useWatch('targetLanguages', form) ?? [];
  const languages = Math.max(1, chosenTargets.length);
  // issue 39: a batch's total, once every file is read (none while a file is)
  const batchCost = many.entries.length
    ? many.checking || !many.ready.length
      ? undefined
      : many.cost
    : chosenTargets.length > 1
      ? preview?.cost
      : undefined;
  return (
    <Modal
      open={open}
      title={t('tasks.upload.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('tasks.upload.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'srt-submit', disabled: checking || many.checking }}
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
          <SubtitlePicker
            text={
              many.entries.length
                ? t('tasks.batch.chosen', { count: many.entries.length })
                : (file?.name ?? t('tasks.upload.drop'))
            }
            hint={
              preview ? (
                <span data-testid="srt-format">{FORMAT_NAMES[preview.format]}</span>
              ) : (
                t('tasks.batch.dropHint', { max: BATCH_LIMITS.files })
              )
            }
            onChoose={(files) => void choose(files)}
          />
        </Form.Item>
        {many.entries.length ? (
          <BatchFileList
            entries={many.entries}
            refused={many.refused}
            overLimit={many.overLimit}
            languages={languages}
            onRemove={many.remove}
          />
        ) : null}
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
        {preview ? <SrtPreviewFacts preview={preview} balance={points.data} /> : null}
        {batchCost !== undefined ? (
          <BatchTotal
            tasks={(many.entries.length ? many.ready.length : 1) * languages}
            points={batchCost * languages}
            balance={points.data}
            onBuy={close}
          />
        ) : null}
        <TranslationOptionsFields
          form={form}
          open={open}
          testId="srt"
          names={SRT_FIELDS}
          targets={{
            max: BATCH_LIMITS.targets,
            multiple: severalTargets || many.entries.length > 0,
            onMultiple: many.entries.length ? undefined : setSeveralTargets,
          }}
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
