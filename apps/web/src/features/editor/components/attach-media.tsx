import { useRef, useState } from 'react';
import { App, Button, Flex, Progress } from 'antd';
import { CloseOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@subtrans/contract';
import { api, ApiError } from '../../../lib/api-client';
import { checkMediaFile, MEDIA_ACCEPT, mediaTypeOfFile } from '../../../lib/media-file';
import { isAbortError, uploadFile } from '../../../lib/multipart-upload';

/**
 * Issue 38: a subtitle file's video or audio, given afterwards for the player, the waveform and the
 * shot changes: uploaded as media are (in resumable parts), then attached to the task. Nothing is
 * transcribed or charged; a second file replaces the first.
 */
export function AttachMedia({
  taskId,
  replace,
  onAttached,
}: {
  taskId: string;
  /** the task has media already: this replaces them */
  replace: boolean;
  onAttached: (overview: Overview) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  const attach = async (file: File) => {
    const refused = checkMediaFile(file);
    const type = mediaTypeOfFile(file);
    if (refused || !type) return void message.error(t(`tasks.media.reject.${refused ?? 'notMedia'}`));
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    try {
      const uploaded = await uploadFile(file, {
        type,
        signal: controller.signal,
        onProgress: (sent, total) => setPercent(total ? Math.floor((sent / total) * 100) : 0),
      });
      const overview = await api('fileAttachMedia', { taskId, objectKey: uploaded.objectKey });
      onAttached(overview);
      void message.success(t('editor.timeline.attached'));
    } catch (err) {
      if (isAbortError(err)) void message.info(t('tasks.media.cancelled'));
      else {
        const error = err instanceof ApiError ? err.message : t('tasks.media.storageProblem');
        void message.error(t('editor.timeline.attachFailed', { error }));
      }
    } finally {
      abort.current = null;
      setPercent(null);
    }
  };

  if (percent !== null)
    return (
      <Flex align="center" gap={6} data-testid="attach-media-progress">
        <Progress
          percent={percent}
          size="small"
          style={{ width: 96, margin: 0 }}
          aria-label={t('tasks.media.progressLabel')}
        />
        <Button
          size="small"
          type="text"
          icon={<CloseOutlined />}
          aria-label={t('tasks.media.cancelUpload')}
          onClick={() => abort.current?.abort()}
        />
      </Flex>
    );
  return (
    <>
      <Button
        size="small"
        icon={<VideoCameraAddOutlined />}
        onClick={() => input.current?.click()}
        data-testid="attach-media"
      >
        {t(replace ? 'editor.timeline.replaceMedia' : 'editor.timeline.attachMedia')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        hidden
        data-testid="attach-media-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void attach(file);
        }}
      />
    </>
  );
}
