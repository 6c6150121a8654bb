import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewLine, ReviewPage } from '@subtrans/contract';
import { lineAt } from '../lib/review-lines';
import { Notice } from './review-ui';

export interface PlayerHandle {
  /** playback moved to `ms` (a line was chosen), playing on if it played */
  seek: (ms: number) => void;
}

interface Props {
  media: NonNullable<ReviewPage['media']>;
  lines: readonly ReviewLine[];
  /** the index of the line under the playhead (-1: none) */
  current: number;
  onCurrent: (index: number) => void;
  handle: Ref<PlayerHandle>;
}

/**
 * The task's video (or audio) with the translation of the line under the playhead drawn over the
 * picture (under the audio's controls). While it plays the playhead is read every frame: the
 * media's own timeupdate comes only every quarter second, too late for a line on screen.
 */
export function ReviewPlayer({ media, lines, current, onCurrent, handle }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [failed, setFailed] = useState(false);
  // the latest values for the frame loop, which outlives renders
  const latest = useRef({ lines, current, onCurrent });
  useEffect(() => {
    latest.current = { lines, current, onCurrent };
  });

  const report = () => {
    const el = ref.current;
    if (!el) return;
    const index = lineAt(latest.current.lines, el.currentTime * 1000);
    if (index !== latest.current.current) {
      latest.current.current = index;
      latest.current.onCurrent(index);
    }
  };

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const tick = () => {
      report();
      frame = el.paused ? 0 : requestAnimationFrame(tick);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    el.addEventListener('play', start);
    el.addEventListener('seeked', report);
    el.addEventListener('timeupdate', report);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('play', start);
      el.removeEventListener('seeked', report);
      el.removeEventListener('timeupdate', report);
    };
    // report reads everything through refs: the listeners are set once
  }, []);

  useImperativeHandle(handle, () => ({
    seek(ms) {
      const el = ref.current;
      if (!el) return;
      // a millisecond in, so the line starting there is the one shown
      el.currentTime = (ms + 1) / 1000;
      report();
    },
  }));

  const caption = current >= 0 ? lines[current]?.translated : undefined;
  const captionBox = caption ? (
    <div className="review-caption" data-testid="review-caption" aria-hidden>
      {caption}
    </div>
  ) : null;
  const common = {
    ref,
    src: media.url,
    controls: true,
    preload: 'metadata' as const,
    onError: () => setFailed(true),
    'aria-label': t('review.player'),
  };
  return (
    <div className="review-player" data-testid="review-player">
      {media.type === 2 ? (
        <div className="review-video">
          <video {...common} playsInline data-testid="review-video" />
          {captionBox}
        </div>
      ) : (
        <div className="review-audio">
          <audio {...common} data-testid="review-audio" />
          <div className="review-audio-caption">{captionBox}</div>
        </div>
      )}
      {failed ? <Notice type="warning">{t('review.mediaFailed')}</Notice> : null}
    </div>
  );
}
