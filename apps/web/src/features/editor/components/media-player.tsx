import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import type { EditSegment } from '../lib/editor-state';

export interface MediaPlayerHandle {
  /** moves playback to `ms` (a segment was chosen in the list) */
  seek(ms: number): void;
  /** where playback is, in ms, while it plays; null when paused or not loaded */
  playhead(): number | null;
  /** where the playhead stands, playing or not; null when nothing is loaded */
  time(): number | null;
}

/** The segment shown at `ms`: the last one starting at or before it that has not ended (binary search). */
export function segmentAt(segments: readonly EditSegment[], ms: number): EditSegment | null {
  let lo = 0;
  let hi = segments.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid]!.startMs <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const seg = found >= 0 ? segments[found]! : null;
  return seg && ms < seg.endMs ? seg : null;
}

/** the signed URL lives 6 hours; ask again well before */
const URL_STALE_MS = 60 * 60_000;

/**
 * The task's own audio or video (a signed URL for this one object), with the subtitle under the
 * playhead drawn over it from the editor's live text, so an edit shows at once. Playback tells
 * the editor which segment is active; choosing a segment seeks here.
 */
export const MediaPlayer = forwardRef<
  MediaPlayerHandle,
  {
    taskId: string;
    segments: readonly EditSegment[];
    showOriginal: boolean;
    onActive: (id: number) => void;
    /** the media element once it is on the page (the timeline plays and seeks through it) */
    onMedia?: (el: HTMLVideoElement | null) => void;
  }
>(function MediaPlayer({ taskId, segments, showOriginal, onActive, onMedia }, ref) {
  const { t } = useTranslation();
  const media = useRef<HTMLVideoElement>(null);
  const [timeMs, setTimeMs] = useState(0);
  const link = useQuery({
    queryKey: ['media-url', taskId],
    queryFn: () => api('fileDownloadUrl', { taskId }),
    staleTime: URL_STALE_MS,
    refetchOnWindowFocus: false,
  });
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({
    seek(ms: number) {
      const el = media.current;
      if (!el) return;
      el.currentTime = ms / 1000;
      setTimeMs(ms);
    },
    playhead() {
      const el = media.current;
      return el && !el.paused && !el.ended ? Math.round(el.currentTime * 1000) : null;
    },
    time() {
      const el = media.current;
      return el ? Math.round(el.currentTime * 1000) : null;
    },
  }));
  const onMediaRef = useRef(onMedia);
  onMediaRef.current = onMedia;
  const url = link.data?.url;
  useEffect(() => {
    if (!url || failed) return;
    onMediaRef.current?.(media.current);
    return () => onMediaRef.current?.(null);
  }, [url, failed]);

  const active = segmentAt(segments, timeMs);
  const lastActive = useRef<number | null>(null);
  const onActiveRef = useRef(onActive);
  onActiveRef.current = onActive;
  useEffect(() => {
    const id = active?.id ?? null;
    if (id !== null && id !== lastActive.current && media.current && !media.current.paused)
      onActiveRef.current(id);
    lastActive.current = id;
  }, [active?.id]);

  if (link.isPending) return <Skeleton.Node active style={{ width: 360, height: 200 }} />;
  if (link.isError || failed)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('editor.media.failed')}
        action={
          <Button
            size="small"
            onClick={() => {
              setFailed(false);
              void link.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
        data-testid="media-failed"
      />
    );

  const isAudio = link.data.mediaType === 1;
  const cue = active ? active.translatedText || active.originalText : '';
  const original = active && showOriginal && active.translatedText ? active.originalText : '';
  return (
    <figure style={{ margin: 0 }} data-testid="media-player">
      <div style={{ position: 'relative', background: '#000', borderRadius: 6, overflow: 'hidden' }}>
        <video
          ref={media}
          src={link.data.url}
          controls
          preload="metadata"
          playsInline
          aria-label={t(isAudio ? 'editor.media.audioLabel' : 'editor.media.videoLabel')}
          style={{ display: 'block', width: '100%', maxHeight: isAudio ? 56 : 320, background: '#000' }}
          onTimeUpdate={(e) => setTimeMs(Math.round(e.currentTarget.currentTime * 1000))}
          onSeeked={(e) => {
            const ms = Math.round(e.currentTarget.currentTime * 1000);
            setTimeMs(ms);
            const seg = segmentAt(segments, ms);
            if (seg) onActiveRef.current(seg.id);
          }}
          onError={() => setFailed(true)}
          data-testid="media-element"
        />
        {!isAudio && cue ? (
          <div
            aria-live="off"
            data-testid="media-overlay"
            style={{
              position: 'absolute',
              left: '5%',
              right: '5%',
              bottom: 44,
              textAlign: 'center',
              pointerEvents: 'none',
            }}
          >
            <span
              style={{
                background: 'rgba(0,0,0,0.72)',
                color: '#fff',
                padding: '2px 8px',
                borderRadius: 4,
                whiteSpace: 'pre-line',
                fontSize: 15,
                lineHeight: 1.5,
              }}
            >
              {original ? `${original}\n` : ''}
              {cue}
            </span>
          </div>
        ) : null}
      </div>
      {isAudio ? (
        <Typography.Paragraph
          data-testid="media-overlay"
          style={{ whiteSpace: 'pre-line', minHeight: 48, margin: '8px 0 0', textAlign: 'center' }}
        >
          {original ? `${original}\n` : ''}
          {cue}
        </Typography.Paragraph>
      ) : null}
    </figure>
  );
});
