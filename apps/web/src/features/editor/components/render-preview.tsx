import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RenderPreview as Preview } from '@subtrans/contract';

/** m:ss.s of a moment of the video */
const moment = (ms: number) => {
  const s = ms / 1000;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
};

/**
 * The frame at the chosen line in the chosen style, as the server draws it (the last one stays
 * under a spinner while the next one comes); a frame that could not be made says why, with a retry.
 */
export function RenderPreview(props: {
  preview: Preview | undefined;
  loading: boolean;
  error: string | null;
  /** the frame is at the editor's current line (else at the first line) */
  atLine: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const { preview, loading, error } = props;
  return (
    <figure className="render-preview" data-testid="render-preview" aria-busy={loading}>
      <Spin spinning={loading} description={t('editor.render.previewLoading')}>
        <div
          className="render-preview-frame"
          style={preview ? { aspectRatio: `${preview.width} / ${preview.height}` } : undefined}
        >
          {preview ? (
            <img
              src={preview.image}
              width={preview.width}
              height={preview.height}
              alt={t('editor.render.previewAlt', { at: moment(preview.atMs) })}
              data-testid="render-preview-image"
            />
          ) : null}
        </div>
      </Spin>
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="render-preview-error"
          title={t('editor.render.previewFailed')}
          description={error}
          action={
            <Button size="small" onClick={props.onRetry}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <figcaption className="render-preview-caption">
          {preview
            ? props.atLine
              ? t('editor.render.previewAt', { at: moment(preview.atMs) })
              : t('editor.render.previewAtFirst', { at: moment(preview.atMs) })
            : '\u00a0'}
        </figcaption>
      )}
    </figure>
  );
}
