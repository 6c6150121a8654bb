import { Alert, Button, Flex, Progress, Result, Typography } from 'antd';
import { DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Render } from '@subtrans/contract';

/** "12.3 MB", or "850 KB" under a megabyte */
const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A render after it started: its progress while it waits or runs; then its download and a new
 * render; or why it failed (the server's words, in the interface's language) and that the points
 * came back.
 */
export function RenderProgress(props: {
  render: Render;
  downloading: boolean;
  onDownload: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const { render } = props;
  const percent = Math.round(Math.min(1, Math.max(0, render.progress)) * 100);
  if (render.status === 'completed') {
    const size =
      render.width && render.height
        ? `${render.width}×${render.height}${render.sizeBytes ? ` · ${fileSize(render.sizeBytes)}` : ''}`
        : null;
    return (
      <Result
        status="success"
        className="render-result"
        data-testid="render-completed"
        title={t('editor.render.completed')}
        subTitle={
          <>
            {size ? <div data-testid="render-size-info">{size}</div> : null}
            <div>{t('editor.render.charged', { points: render.points })}</div>
          </>
        }
        extra={
          <Flex wrap gap={8} justify="center">
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={props.downloading}
              onClick={props.onDownload}
              data-testid="render-download"
            >
              {t('editor.render.download')}
            </Button>
            <Button icon={<RedoOutlined />} onClick={props.onAgain} data-testid="render-again">
              {t('editor.render.again')}
            </Button>
          </Flex>
        }
      />
    );
  }
  if (render.status === 'failed') {
    return (
      <div data-testid="render-failed">
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('editor.render.failed')}
          description={
            <>
              {render.error ? <div data-testid="render-error">{render.error}</div> : null}
              <div data-testid="render-refunded">
                {t('editor.render.refunded', { points: render.points })}
              </div>
            </>
          }
          style={{ marginBottom: 16 }}
        />
        <Flex justify="center">
          <Button icon={<RedoOutlined />} onClick={props.onAgain} data-testid="render-again">
            {t('editor.render.again')}
          </Button>
        </Flex>
      </div>
    );
  }
  return (
    <div className="render-running" data-testid="render-running" aria-live="polite">
      <Typography.Paragraph strong>
        {render.status === 'queued' ? t('editor.render.queued') : t('editor.render.rendering')}
      </Typography.Paragraph>
      <Progress
        percent={percent}
        status="active"
        data-testid="render-progress"
        aria-label={t('editor.render.progressLabel')}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('editor.render.runningNote')}
      </Typography.Paragraph>
    </div>
  );
}
