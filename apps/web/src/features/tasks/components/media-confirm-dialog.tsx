import { useState } from 'react';
import { Alert, App, Button, Descriptions, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ErrorCodes,
  expectedProcessingMinutes,
  languageName,
  MEDIA_LANGUAGES,
  SUBTITLE_LANGUAGES,
  TRANSLATION_ENGINES,
  type MediaLanguageCode,
  type SubtitleLanguageCode,
  type Task,
  type TranslationEngineName,
} from '@subtrans/contract';
import { mediaPrice, planMediaPart } from '@subtrans/subtitles/media-parts';
import { usePartRange } from '../../../components/parts/part-offer';
import { ApiError } from '../../../lib/api-client';
import { dashboardView } from '../../../lib/paths';
import { useSiteConfig } from '../../../lib/site-config';
import { currentLanguage } from '../../../lib/i18n';
import { moneyChanged } from '../../../lib/money-sync';
import { usePoints } from '../../../lib/points';
import { executionQuery, mediaTracking, submitExecution } from '../api/media';
import { tasksQueryKey } from '../api/tasks';
import { formatDay } from '../lib/format-day';
import { voiceOfTask, type VoiceOptions } from '../lib/voice-options';
import { useInsufficientPoints } from './insufficient-points';

/** What the confirmation shows and submits: a detected audio/video task and the choices made. */
export interface MediaConfirmTarget {
  taskId: string;
  fileName: string;
  /** bytes */
  mediaSize: number | null;
  /** seconds */
  durationSeconds: number | null;
  estimatedPoints: number | null;
  /** when the file is deleted unless executed before (ISO), or null */
  mediaExpiresAt: string | null;
  sourceLau: string;
  targetLau: string;
  both: 1 | 2;
  translationService: string;
  /**
   * keep the engine's line breaks (the upload's option); when not known here, not sent: the
   * server keeps what the detection was given
   */
  keepEngineBreaks?: boolean;
  /** glossaries, series, formality, note, review (the upload's); when not known, not sent */
  voice?: VoiceOptions;
}

/** A task of the list (pending after detection, or failed after execution) as a confirmation. */
export function confirmTargetOfTask(task: Task): MediaConfirmTarget {
  return {
    taskId: task.id,
    fileName: task.fileName,
    mediaSize: task.mediaSize,
    durationSeconds: task.duration > 0 ? Math.ceil(task.duration / 1000) : null,
    // the whole file's price (after a failed first part its estimate is that part's)
    estimatedPoints: task.duration > 0 ? mediaPrice(task.duration) : task.estimatedPoints,
    mediaExpiresAt: task.mediaExpiresAt,
    sourceLau: task.originalLanguage,
    targetLau: task.targetLanguage,
    both: task.includeOriginalText ? 2 : 1,
    translationService: task.translationService,
    keepEngineBreaks: task.keepEngineBreaks,
    // the upload's choices, while this tab follows the task; else those stored with its execution
    voice: mediaTracking.snapshot().find((e) => e.taskId === task.id)?.voice ?? voiceOfTask(task.voice),
  };
}

/** mm:ss (minutes may pass 59) */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

const mediaLanguage = (code: string): MediaLanguageCode =>
  (MEDIA_LANGUAGES as readonly string[]).includes(code) ? (code as MediaLanguageCode) : 'auto';

const targetLanguage = (code: string): SubtitleLanguageCode =>
  code !== 'auto' && (SUBTITLE_LANGUAGES as readonly string[]).includes(code)
    ? (code as SubtitleLanguageCode)
    : 'en';

const engine = (name: string): TranslationEngineName | undefined =>
  (TRANSLATION_ENGINES as readonly string[]).includes(name) ? (name as TranslationEngineName) : undefined;

/**
 * SPEC §4 confirm execution: the file, its duration, the cost and balance, and how long it will
 * take. Confirm starts the transcription and translation; Later closes it and the task waits in
 * the list with an execute button. Not enough points (issue 34): the first whole minutes the
 * balance covers are offered (the rest continued later from the list or the editor), or buying
 * points when not one minute is covered.
 */
export function MediaConfirmDialog({
  target,
  onClose,
}: {
  target: MediaConfirmTarget | null;
  /** `started`: the execution was submitted */
  onClose: (started: boolean) => void;
}) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const { message } = App.useApp();
  const client = useQueryClient();
  const points = usePoints();
  const askToBuy = useInsufficientPoints();
  const range = usePartRange();
  const navigate = useNavigate();
  const site = useSiteConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cost = target?.estimatedPoints ?? 0;
  const balance = points.data;
  const short = balance !== undefined && balance < cost;
  // what the balance covers (the server cuts it again from its own balance, never more than this)
  const seconds = target?.durationSeconds ?? 0;
  const covered = short && seconds > 0 ? planMediaPart(seconds * 1000, 0, 0, balance) : null;
  const part = covered ? { fromLine: 1, toLine: null, ...covered } : null;

  const close = (started: boolean) => {
    setError(null);
    onClose(started);
  };

  const confirm = async () => {
    if (!target) return;
    if (short && !part) {
      close(false);
      askToBuy(cost, balance);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const service = engine(target.translationService);
      await submitExecution({
        taskId: target.taskId,
        sourceLau: mediaLanguage(target.sourceLau),
        targetLau: targetLanguage(target.targetLau),
        both: target.both,
        ...(service ? { translationService: service } : {}),
        ...(target.keepEngineBreaks !== undefined ? { keepEngineBreaks: target.keepEngineBreaks } : {}),
        // not known here: not sent, the server keeps what the detection stored
        ...(target.voice ?? {}),
        ...(part ? { part: { maxPoints: part.points } } : {}),
      });
      // an earlier run's answer (failed) must not end this one
      client.removeQueries({ queryKey: executionQuery(target.taskId).queryKey });
      mediaTracking.track({
        taskId: target.taskId,
        stage: 'execute',
        fileName: target.fileName,
        size: target.mediaSize ?? 0,
        sourceLau: target.sourceLau,
        targetLau: target.targetLau,
        both: target.both,
        translationService: target.translationService,
        ...(target.keepEngineBreaks !== undefined ? { keepEngineBreaks: target.keepEngineBreaks } : {}),
        voice: target.voice,
      });
      void message.success(t('tasks.media.confirm.started'));
      close(true);
    } catch (e) {
      if (e instanceof ApiError && e.code === ErrorCodes.INSUFFICIENT_POINTS.code) {
        // the task stays pending: it can be started from the list once points are bought
        close(false);
        askToBuy(cost, points.data ?? 0);
      } else {
        setError(e instanceof Error && e.message ? e.message : t('tasks.media.confirm.failed'));
      }
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: tasksQueryKey });
      await moneyChanged(client);
    }
  };

  const minutes = target?.mediaSize ? expectedProcessingMinutes(target.mediaSize) : null;

  return (
    <Modal
      open={target !== null}
      title={t('tasks.media.confirm.title')}
      onCancel={() => close(false)}
      onOk={() => void confirm()}
      okText={
        part
          ? t('parts.offer.translate', { points: part.points })
          : short
            ? t('tasks.insufficient.buy')
            : t('tasks.media.confirm.ok')
      }
      cancelText={t('tasks.media.confirm.later')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'media-confirm-ok' }}
      cancelButtonProps={{ 'data-testid': 'media-confirm-later' }}
      width={560}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <CancelBtn />
          {part && site.enablePointsPurchase ? (
            <Button
              data-testid="media-confirm-buy"
              onClick={() => {
                close(false);
                void navigate(dashboardView('points'));
              }}
            >
              {t('tasks.insufficient.buy')}
            </Button>
          ) : null}
          <OkBtn />
        </>
      )}
    >
      {target ? (
        <div data-testid="media-confirm-dialog">
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'file',
                label: t('tasks.media.confirm.file'),
                children: (
                  <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="media-confirm-file">
                    {target.fileName}
                  </Typography.Text>
                ),
              },
              {
                key: 'duration',
                label: t('tasks.media.confirm.duration'),
                children: (
                  <span data-testid="media-confirm-duration">{formatDuration(target.durationSeconds)}</span>
                ),
              },
              {
                key: 'languages',
                label: t('tasks.col.languages'),
                children: `${languageName(target.sourceLau, ui)} → ${languageName(target.targetLau, ui)}`,
              },
              {
                key: 'cost',
                label: t('tasks.media.confirm.cost'),
                children: (
                  <Typography.Text strong data-testid="media-confirm-cost">
                    {t('tasks.points', { points: cost })}
                  </Typography.Text>
                ),
              },
              {
                key: 'balance',
                label: t('tasks.media.confirm.balance'),
                children: (
                  <Typography.Text type={short ? 'danger' : undefined} data-testid="media-confirm-balance">
                    {balance === undefined ? '—' : t('tasks.points', { points: balance })}
                  </Typography.Text>
                ),
              },
              {
                key: 'time',
                label: t('tasks.media.confirm.time'),
                children: minutes === null ? '—' : t('tasks.media.confirm.timeValue', { minutes }),
              },
              ...(target.mediaExpiresAt
                ? [
                    {
                      key: 'expires',
                      label: t('tasks.media.confirm.expires'),
                      children: (
                        <span data-testid="media-confirm-expires">
                          {t('tasks.media.confirm.expiresValue', {
                            date: formatDay(target.mediaExpiresAt, ui),
                          })}
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {part ? (
            <Alert
              type="warning"
              showIcon
              data-testid="part-offer"
              title={t('parts.offer.whole', { total: cost, balance })}
              description={
                <>
                  <Typography.Paragraph strong data-testid="part-offer-range" style={{ marginBottom: 4 }}>
                    {t('parts.offer.covers', { range: range(part), points: part.points })}
                  </Typography.Paragraph>
                  {t('parts.offer.later')}
                </>
              }
              style={{ marginBottom: 12 }}
            />
          ) : short ? (
            <Alert
              type="warning"
              showIcon
              title={t('tasks.media.confirm.notEnough', { needed: cost, current: balance })}
              style={{ marginBottom: 12 }}
            />
          ) : null}
          {error ? (
            <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />
          ) : null}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('tasks.media.confirm.note')}
          </Typography.Paragraph>
        </div>
      ) : null}
    </Modal>
  );
}
