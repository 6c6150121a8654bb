import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Modal, Progress, Switch, Typography, Upload } from 'antd';
import { CustomerServiceOutlined, InboxOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ErrorCodes,
  MEDIA_LANGUAGES,
  MEDIA_TYPE,
  type MediaLanguageCode,
  type SubtitleLanguageCode,
  type TranslationEngineName,
} from '@subtrans/contract';
import { useSiteConfig } from '../../../lib/site-config';
import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client';
import { mediaTracking, submitDetection } from '../api/media';
import { tasksQueryKey, useEngines } from '../api/tasks';
import {
  abortError,
  fingerprintOf,
  isAbortError,
  PartUploadError,
  STORAGE_FULL_STATUS,
  resumableBytes,
  UPLOAD_PAUSED,
  uploadFile,
} from '../../../lib/multipart-upload';
import { checkMediaFile, formatBytes, MEDIA_ACCEPT, mediaTypeOfFile } from '../../../lib/media-file';
import { voiceOf } from '../lib/voice-options';
import { capabilitiesOf } from '../lib/engine-options';
import { defaultEngine, TranslationOptionsFields } from './translation-options-fields';
import { VoiceOptionsFields } from './voice-options-fields';

const MEDIA_FIELDS = { source: 'sourceLau', target: 'targetLau', engine: 'translationService' };

interface FormValues {
  sourceLau: MediaLanguageCode;
  targetLau?: SubtitleLanguageCode;
  translationService?: TranslationEngineName;
  includeOriginal: boolean;
  keepEngineBreaks?: boolean;
  glossaryIds?: string[];
  seriesId?: string | null;
  formality?: string;
  translatorNote?: string;
  reviewTerms?: boolean;
}

interface UploadProgress {
  sent: number;
  total: number;
  /** bytes per second, null until measurable */
  speed: number | null;
}

interface InlineError {
  title: string;
  help: string;
}

type Phase = 'idle' | 'uploading' | 'submitting';

/** progress redraws at most this often (the XHR reports far more often) */
const REDRAW_MS = 200;
/** the speed is measured over this much of the recent past */
const SPEED_WINDOW_MS = 5000;

/**
 * SPEC §2/§5 audio/video upload modal: the file is checked in the browser (audio or video, at
 * most 3 GB), uploaded straight to storage with progress (resumable: the same file again sends
 * only what is missing), then submitted for detection; the dashboard follows the detection and
 * asks for the confirmation of the cost. Nothing is charged here.
 */
export function MediaUploadModal({
  open,
  onClose,
  onSubmitted,
}: {
  open: boolean;
  onClose: () => void;
  /** the detection task created for the upload */
  onSubmitted?: (taskId: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const site = useSiteConfig();
  const client = useQueryClient();
  const engines = useEngines();
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [resumeFrom, setResumeFrom] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<InlineError | null>(null);
  /** a finished upload whose task could not be created yet: a retry submits it again, unsent */
  const [uploaded, setUploaded] = useState<{ fingerprint: string; objectKey: string } | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const samplesRef = useRef<Array<{ at: number; sent: number }>>([]);
  const drawnRef = useRef(0);

  const busy = phase !== 'idle';

  // leaving the dashboard mid-upload pauses it: the parts sent so far stay resumable
  useEffect(() => () => abortRef.current?.abort(UPLOAD_PAUSED), []);
  // closing or reloading the tab mid-upload: the browser asks first (a reload can resume)
  useEffect(() => {
    if (phase !== 'uploading') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  const reset = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    setResumeFrom(0);
    setProgress(null);
    setError(null);
    setUploaded(null);
    onClose();
  };
  const close = () => {
    if (!busy) reset();
  };

  const pick = (f: File) => {
    setError(null);
    setProgress(null);
    setFile(f);
    const refused = checkMediaFile(f);
    setFileError(refused ? t(`tasks.media.reject.${refused}`) : null);
    setResumeFrom(refused ? 0 : resumableBytes(f));
  };

  const onProgress = (sent: number, total: number) => {
    const now = performance.now();
    const samples = samplesRef.current;
    samples.push({ at: now, sent });
    while (samples.length > 2 && now - samples[0]!.at > SPEED_WINDOW_MS) samples.shift();
    if (now - drawnRef.current < REDRAW_MS && sent < total) return;
    drawnRef.current = now;
    const first = samples[0]!;
    const elapsed = now - first.at;
    setProgress({
      sent,
      total,
      speed: elapsed >= 500 ? ((sent - first.sent) / elapsed) * 1000 : null,
    });
  };

  const describe = (e: unknown): string => {
    if (e instanceof ApiError && e.code === NETWORK_ERROR_CODE) return t('common.networkError');
    if (e instanceof PartUploadError && e.status === STORAGE_FULL_STATUS) return t('tasks.media.storageFull');
    if (e instanceof PartUploadError) return t('tasks.media.storageProblem');
    if (e instanceof Error && e.message) return e.message;
    return t('common.requestFailed');
  };

  const submit = async (v: FormValues) => {
    if (!file) {
      setFileError(t('tasks.media.fileRequired'));
      return;
    }
    const refused = checkMediaFile(file);
    const type = mediaTypeOfFile(file);
    if (refused || !type) {
      setFileError(t(`tasks.media.reject.${refused ?? 'notMedia'}`));
      return;
    }
    setError(null);
    const fingerprint = fingerprintOf(file);
    let objectKey = uploaded?.fingerprint === fingerprint ? uploaded.objectKey : null;
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      if (!objectKey) {
        setPhase('uploading');
        samplesRef.current = [];
        drawnRef.current = 0;
        setProgress({ sent: resumeFrom, total: file.size, speed: null });
        const done = await uploadFile(file, { type, onProgress, signal: controller.signal });
        objectKey = done.objectKey;
        setUploaded({ fingerprint, objectKey });
        setResumeFrom(0);
        // cancelled while the upload was being completed: stored, but nothing is submitted
        if (controller.signal.aborted) throw abortError();
      }
      setPhase('submitting');
      const voice = voiceOf(v, capabilitiesOf(engines.data, v.translationService));
      const { taskId } = await submitDetection({
        objectKey,
        sourceLau: v.sourceLau,
        type,
        targetLau: v.targetLau ?? '',
        both: v.includeOriginal ? 2 : 1,
        ...(v.translationService ? { translationService: v.translationService } : {}),
        // stored with the task, so an execution started later (from the list, another tab) keeps them
        keepEngineBreaks: Boolean(v.keepEngineBreaks),
        ...voice,
      });
      mediaTracking.track({
        taskId,
        stage: 'detect',
        fileName: file.name,
        size: file.size,
        sourceLau: v.sourceLau,
        targetLau: v.targetLau ?? 'en',
        both: v.includeOriginal ? 2 : 1,
        translationService: v.translationService ?? '',
        keepEngineBreaks: Boolean(v.keepEngineBreaks),
        voice,
      });
      setUploaded(null);
      void client.invalidateQueries({ queryKey: tasksQueryKey });
      void message.success(t('tasks.media.submitted'));
      onSubmitted?.(taskId);
      reset();
    } catch (e) {
      if (isAbortError(e)) {
        if (controller.signal.reason !== UPLOAD_PAUSED) void message.info(t('tasks.media.cancelled'));
        setProgress(null);
        setResumeFrom(0);
      } else if (objectKey) {
        // the file is stored; only the task is missing (unless the server no longer has the file)
        if (e instanceof ApiError && e.code === ErrorCodes.MEDIA_NOT_FOUND.code) setUploaded(null);
        setError({
          title: t('tasks.media.submitFailed', { error: describe(e) }),
          help: t('tasks.media.submitFailedHelp'),
        });
      } else {
        setResumeFrom(resumableBytes(file));
        setError({
          title: t('tasks.media.uploadFailed', { error: describe(e) }),
          help: t('tasks.media.uploadFailedHelp'),
        });
      }
    } finally {
      abortRef.current = null;
      setPhase('idle');
    }
  };

  const cancelUpload = () => abortRef.current?.abort();

  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const type = file && !fileError ? mediaTypeOfFile(file) : null;

  return (
    <Modal
      open={open}
      title={t('tasks.media.title')}
      onCancel={close}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      width={620}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          {phase === 'uploading' ? (
            <Button danger onClick={cancelUpload} data-testid="media-upload-cancel">
              {t('tasks.media.cancelUpload')}
            </Button>
          ) : (
            <Button onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
          )}
          <Button
            type="primary"
            loading={busy}
            onClick={() => form.submit()}
            data-testid="media-upload-submit"
          >
            {error || resumeFrom > 0 ? t('tasks.media.resume') : t('tasks.media.upload')}
          </Button>
        </Flex>
      }
    >
      <div data-testid="media-upload-modal">
        <Form<FormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={busy}
          initialValues={{
            sourceLau: 'auto',
            includeOriginal: site.includeOriginalText,
            translationService: defaultEngine(engines.data),
          }}
          onFinish={(v) => void submit(v)}
          // SPEC §5: a missing file is said together with the fields' errors
          onFinishFailed={() => {
            if (!file) setFileError(t('tasks.media.fileRequired'));
          }}
        >
          <Form.Item
            label={t('tasks.media.file')}
            required
            validateStatus={fileError ? 'error' : undefined}
            // the hint as `extra`, not `help`: help takes the item's bottom margin, so the hint ran
            // into the next label
            help={fileError}
            extra={fileError ? undefined : t('tasks.media.fileHint')}
          >
            <Upload.Dragger
              accept={MEDIA_ACCEPT}
              multiple={false}
              maxCount={1}
              showUploadList={false}
              disabled={busy}
              beforeUpload={(f) => {
                pick(f);
                return false;
              }}
              aria-label={t('tasks.media.file')}
              data-testid="media-file"
            >
              <p className="ant-upload-drag-icon">
                {type === MEDIA_TYPE.audio ? (
                  <CustomerServiceOutlined />
                ) : type === MEDIA_TYPE.video ? (
                  <VideoCameraOutlined />
                ) : (
                  <InboxOutlined />
                )}
              </p>
              <p className="ant-upload-text" data-testid="media-file-name">
                {file ? file.name : t('tasks.media.drop')}
              </p>
              {file && !fileError ? <p className="ant-upload-hint">{formatBytes(file.size)}</p> : null}
            </Upload.Dragger>
          </Form.Item>
          {resumeFrom > 0 && file && !busy ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('tasks.media.resumable', {
                sent: formatBytes(resumeFrom),
                total: formatBytes(file.size),
              })}
              data-testid="media-resumable"
            />
          ) : null}
          <TranslationOptionsFields
            form={form}
            open={open}
            testId="media"
            names={MEDIA_FIELDS}
            source={{
              languages: MEDIA_LANGUAGES,
              label: t('tasks.media.source'),
              extra: t('tasks.media.sourceHint'),
            }}
          />
          <Form.Item name="includeOriginal" label={t('tasks.upload.bilingual')} valuePropName="checked">
            <Switch data-testid="media-bilingual" />
          </Form.Item>
          <VoiceOptionsFields form={form} testId="media" names={MEDIA_FIELDS} />
          {progress && phase !== 'idle' ? (
            <div data-testid="media-upload-progress" aria-live="polite" style={{ marginBottom: 16 }}>
              <Progress
                percent={phase === 'submitting' ? 100 : percent}
                status="active"
                aria-label={t('tasks.media.progressLabel')}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {phase === 'submitting'
                  ? t('tasks.media.submitting')
                  : t('tasks.media.progress', {
                      sent: formatBytes(progress.sent),
                      total: formatBytes(progress.total),
                      speed: progress.speed === null ? '—' : `${formatBytes(progress.speed)}/s`,
                    })}
              </Typography.Text>
            </div>
          ) : null}
          {error ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={error.title}
              description={error.help}
              style={{ marginBottom: 16 }}
              data-testid="media-upload-error"
            />
          ) : null}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('tasks.media.chargeNote')}
          </Typography.Paragraph>
        </Form>
      </div>
    </Modal>
  );
}
