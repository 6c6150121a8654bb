import { lazy, Suspense, useCallback, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@subtrans/contract';
import { framesToMs } from '@subtrans/subtitles/retime';
import { useOverview, useWaveform } from '../api/overview';
import { renderStateKey } from '../api/render';
import type { EditorAction } from '../lib/editor-state';
import type { EditSegment, LineIndex } from '../lib/editor-types';
import { MIN_GAP_MS } from '../lib/quality';
import { edgeAt, nudgeEdge, type TimedLine } from '../lib/timeline-snap';
import { useLatest } from '../hooks/use-latest';
import { useShortcuts } from '../hooks/use-shortcuts';
import { AttachMedia } from './attach-media';
import { MediaPlayer, type MediaPlayerHandle } from './media-player';
import { ZOOM_STEP_KEY, type TimelineHandle } from './timeline-zoom';

// wavesurfer and its plugins come with the timeline, after the lines are on screen
const Timeline = lazy(() => import('./timeline'));

/** a nudge: one frame at the task's frame rate (24 until the task says otherwise) */
const FRAME_MS = framesToMs(1, 24);
/** the shortest line a drag may make: 2 frames, so that it stays a line to grab */
const MIN_DRAG_MS = framesToMs(2, 24);

interface Props {
  task: { id: string; kind: string; includeOriginalText: boolean };
  /** whether the task has media that can play (a media task whose detection did not fail) */
  playable: boolean;
  /** a subtitle file: its video or audio may be given (or given again) here */
  attachable: boolean;
  segments: readonly EditSegment[];
  index: LineIndex;
  current: number | null;
  /** why the lines cannot change now, or null */
  locked: string | null;
  dispatch: (action: EditorAction) => void;
  follow: (id: number) => void;
  player: RefObject<MediaPlayerHandle | null>;
}

/**
 * The player and, under it, the timeline (issue 38); for a subtitle file, the timeline alone (a
 * ruler and the lines). Its keys set the current line's times at the playhead or by a frame, each
 * one undoable edit, as a drag on the timeline is.
 */
export function EditorMedia(props: Props) {
  const { task, segments, index, current, locked, dispatch, follow, player, attachable } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  // media given in this editor play at once (the task says so too from its next load)
  const [attached, setAttached] = useState(false);
  const playable = props.playable || attached;
  const onAttached = useCallback(
    (answer: Overview) => {
      client.setQueryData(['overview', task.id], answer);
      void client.invalidateQueries({ queryKey: ['media-url', task.id] });
      // issue 40: the video with its lines can be made now
      void client.invalidateQueries({ queryKey: renderStateKey(task.id) });
      setAttached(true);
    },
    [client, task.id],
  );
  const asked = useOverview(task.id, playable);
  const waveform = useWaveform(asked.data);
  // a waveform that could not be had is no reason to go without the timeline: it shows the ruler
  const overview: Overview | undefined =
    !playable || asked.isPending
      ? undefined
      : asked.isError || waveform.isError
        ? { state: 'failed', progress: 0, durationMs: asked.data?.durationMs ?? null }
        : asked.data;
  const view = useRef<TimelineHandle | null>(null);
  const segmentsRef = useLatest(segments);
  const indexRef = useLatest(index);

  const retime = useCallback(
    (id: number, startMs: number, endMs: number) => {
      const line = segmentsRef.current[indexRef.current.get(id) ?? -1];
      if (!line) return;
      const changes = [];
      if (line.startMs !== startMs) changes.push({ id, field: 'startMs' as const, after: startMs });
      if (line.endMs !== endMs) changes.push({ id, field: 'endMs' as const, after: endMs });
      if (changes.length) dispatch({ type: 'change', changes });
    },
    [dispatch, segmentsRef, indexRef],
  );

  /** a key's change to the current line, or its refusal said */
  const act = (edit: (line: TimedLine) => TimedLine | null | string) => {
    if (locked) return void message.info(locked);
    const line = current === null ? undefined : segmentsRef.current[indexRef.current.get(current) ?? -1];
    if (!line) return;
    const next = edit(line);
    if (typeof next === 'string') void message.warning(next);
    else if (next) retime(line.id, next.startMs, next.endMs);
  };
  const atPlayhead = (side: 'start' | 'end') => (line: TimedLine) => {
    const at = player.current?.time() ?? null;
    if (at === null) return t('editor.timeline.noPlayhead');
    return edgeAt(line, side, at) ?? t('editor.timeline.endBeforeStart');
  };
  const nudge = (side: 'start' | 'end', delta: number) => (line: TimedLine) => nudgeEdge(line, side, delta);
  // the keys act on the current line (none: they go on to the browser)
  const onLine = current !== null;
  useShortcuts({
    startAtPlayhead: playable && onLine ? () => act(atPlayhead('start')) : undefined,
    endAtPlayhead: playable && onLine ? () => act(atPlayhead('end')) : undefined,
    startEarlier: onLine ? () => act(nudge('start', -FRAME_MS)) : undefined,
    startLater: onLine ? () => act(nudge('start', FRAME_MS)) : undefined,
    endEarlier: onLine ? () => act(nudge('end', -FRAME_MS)) : undefined,
    endLater: onLine ? () => act(nudge('end', FRAME_MS)) : undefined,
    zoomIn: () => view.current?.zoomBy(ZOOM_STEP_KEY),
    zoomOut: () => view.current?.zoomBy(1 / ZOOM_STEP_KEY),
  });

  return (
    <section aria-label={t('editor.media.title')} className="editor-media">
      {playable ? (
        <div className="editor-media-player">
          <MediaPlayer
            ref={player}
            taskId={task.id}
            segments={segments}
            showOriginal={task.includeOriginalText}
            onActive={follow}
            onMedia={setMedia}
          />
        </div>
      ) : null}
      <Suspense fallback={<Skeleton.Input active size="small" block />}>
        {playable && asked.isPending ? (
          <Skeleton.Input active size="small" block />
        ) : (
          <Timeline
            segments={segments}
            current={current}
            media={media}
            overview={overview}
            waveform={waveform.data}
            editable={!locked}
            minGapMs={MIN_GAP_MS}
            minDurationMs={MIN_DRAG_MS}
            onSelect={follow}
            onRetime={retime}
            ref={view}
            actions={
              attachable ? <AttachMedia taskId={task.id} replace={playable} onAttached={onAttached} /> : null
            }
          />
        )}
      </Suspense>
    </section>
  );
}
