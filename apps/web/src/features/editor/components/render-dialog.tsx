import { useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type Render, type RenderState } from '@subtrans/contract';
import { ApiError } from '../../../lib/api-client';
import { dashboardView } from '../../../lib/paths';
import { usePoints } from '../../../lib/points';
import { useSiteConfig } from '../../../lib/site-config';
import {
  downloadRender,
  isRunning,
  PREVIEW_DEBOUNCE_MS,
  startRender,
  useRenderPreview,
  type PreviewAsk,
} from '../api/render';
import { useDebounced } from '../hooks/use-debounced';
import { useRenderStyle } from '../hooks/use-render-style';
import { RenderPreview } from './render-preview';
import { RenderProgress } from './render-progress';
import { RenderStyleForm } from './render-style-form';
import './render-dialog.css';

const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : String(e));

/** needed and current of an INSUFFICIENT_POINTS refusal */
function shortfallOf(e: unknown): { needed: number; current: number } | null {
  if (!(e instanceof ApiError) || e.code !== ErrorCodes.INSUFFICIENT_POINTS.code) return null;
  const d = (e.data ?? {}) as { needed?: unknown; current?: unknown };
  return typeof d.needed === 'number' && typeof d.current === 'number'
    ? { needed: d.needed, current: d.current }
    : null;
}

export interface RenderDialogProps {
  taskId: string;
  state: RenderState;
  /** the line the preview shows (the editor's current line); null: the first line */
  segmentId: number | null;
  /** the editor's edits saved, so that the video has them */
  save: () => Promise<unknown>;
  /** a render the server took: the state shows it (and is followed) from now on */
  onStarted: (render: Render) => void;
  onClose: () => void;
}

/**
 * Issue 40 §1, "export video with subtitles": the style, a preview frame at the current line in
 * it (asked for 400 ms after the last change), the cost beside the start with the balance (and
 * buying points when it falls short); once started, the progress, then the download or why it
 * failed.
 */
export default function RenderDialog(props: RenderDialogProps) {
  const { taskId, state } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSiteConfig();
  const points = usePoints();
  const choice = useRenderStyle();
  const { style, resolution } = choice;
  const [phase, setPhase] = useState<'form' | 'progress'>(isRunning(state) ? 'progress' : 'form');
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ needed: number; current: number } | null>(null);

  const ask: PreviewAsk = { style, resolution, segmentId: props.segmentId };
  const askKey = JSON.stringify(ask);
  const asked = useDebounced(ask, askKey, PREVIEW_DEBOUNCE_MS);
  const preview = useRenderPreview(taskId, asked, phase === 'form' && state.unavailable === null);
  // a change not asked for yet counts as loading: the frame shown is the last style's
  const previewLoading = preview.isFetching || JSON.stringify(asked) !== askKey;

  const balance = points.data;
  const cost = state.points;
  const shortfall =
    refused ?? (balance !== undefined && balance < cost ? { needed: cost, current: balance } : null);
  const render = state.render;

  const start = async () => {
    setStarting(true);
    setError(null);
    setRefused(null);
    try {
      await props.save();
      const started = await startRender(taskId, style, resolution);
      choice.remember({ style, resolution });
      props.onStarted(started);
      setPhase('progress');
    } catch (e) {
      const short = shortfallOf(e);
      if (short) {
        setRefused(short);
        void points.refetch();
      } else setError(messageOf(e));
    } finally {
      setStarting(false);
    }
  };

  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      await downloadRender(taskId);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setDownloading(false);
    }
  };

  const buy = () => {
    props.onClose();
    void navigate(dashboardView('points'));
  };

  const inProgress = phase === 'progress' && render !== null;
  const footer = inProgress ? (
    <Button onClick={props.onClose} data-testid="render-close">
      {t('editor.render.close')}
    </Button>
  ) : (
    <div className="render-footer">
      <span className="render-cost" data-testid="render-cost">
        {t('editor.render.cost', { points: cost })}
        <Typography.Text
          type={shortfall ? 'danger' : 'secondary'}
          className="render-balance"
          data-testid="render-balance"
        >
          {balance === undefined ? '' : t('editor.render.balance', { points: balance })}
        </Typography.Text>
      </span>
      <span className="render-footer-buttons">
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          loading={starting}
          disabled={shortfall !== null || state.unavailable !== null}
          onClick={() => void start()}
          data-testid="render-start"
        >
          {t('editor.render.start')}
        </Button>
      </span>
    </div>
  );

  return (
    <Modal
      open
      title={t('editor.render.title')}
      onCancel={props.onClose}
      footer={footer}
      width={inProgress ? 520 : 860}
      className="render-modal"
      destroyOnHidden
    >
      <div data-testid="render-dialog">
        {!state.hasVideo ? (
          <Alert
            type="info"
            showIcon
            title={t('editor.render.audioOnly')}
            data-testid="render-audio-only"
            style={{ marginBottom: 16 }}
          />
        ) : null}
        {inProgress ? (
          <RenderProgress
            render={render}
            downloading={downloading}
            onDownload={() => void download()}
            onAgain={() => {
              setError(null);
              setPhase('form');
            }}
          />
        ) : (
          <div className="render-body">
            <div className="render-side">
              <RenderPreview
                preview={preview.data}
                loading={previewLoading}
                error={preview.isError && !preview.isFetching ? messageOf(preview.error) : null}
                atLine={props.segmentId !== null}
                onRetry={() => void preview.refetch()}
              />
              {render?.status === 'completed' ? (
                <Button
                  type="link"
                  icon={<DownloadOutlined />}
                  loading={downloading}
                  onClick={() => void download()}
                  className="render-last"
                  data-testid="render-download-last"
                >
                  {t('editor.render.downloadLast')}
                </Button>
              ) : null}
              {shortfall ? (
                <Alert
                  type="warning"
                  showIcon
                  data-testid="render-shortfall"
                  title={t('editor.render.notEnough', {
                    needed: shortfall.needed,
                    current: shortfall.current,
                  })}
                  action={
                    site.enablePointsPurchase ? (
                      <Button size="small" type="primary" onClick={buy} data-testid="render-buy">
                        {t('tasks.insufficient.buy')}
                      </Button>
                    ) : undefined
                  }
                />
              ) : null}
              {error ? (
                <Alert type="error" showIcon role="alert" title={error} data-testid="render-start-error" />
              ) : null}
            </div>
            <RenderStyleForm
              style={style}
              resolution={resolution}
              onStyle={choice.setStyle}
              onResolution={choice.setResolution}
              disabled={starting}
            />
          </div>
        )}
        {inProgress && error ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={error}
            data-testid="render-download-error"
            style={{ marginTop: 16 }}
          />
        ) : null}
      </div>
    </Modal>
  );
}
