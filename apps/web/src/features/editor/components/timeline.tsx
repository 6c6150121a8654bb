import {
  forwardRef,
  type ReactNode,
  useDeferredValue,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { Button, Flex, Progress, Tooltip, Typography } from 'antd';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@subtrans/contract';
import type { Waveform } from '../api/overview';
import type { EditSegment } from '../lib/editor-types';
import { TimelineView } from '../lib/timeline-view';
import { ZOOM_STEP_KEY as ZOOM_STEP, type TimelineHandle } from './timeline-zoom';
import './timeline.css';

/** the end of a file without media: its last line and a little room after it */
const TAIL_MS = 10_000;

export interface TimelineProps {
  segments: readonly EditSegment[];
  current: number | null;
  media: HTMLMediaElement | null;
  /** what the server has made of the media (absent for a task without media) */
  overview: Overview | undefined;
  waveform: Waveform | undefined;
  editable: boolean;
  minGapMs: number;
  minDurationMs: number;
  onSelect: (id: number) => void;
  onRetime: (id: number, startMs: number, endMs: number) => void;
  /** more controls in the timeline's bar (a subtitle file's "add video or audio") */
  actions?: ReactNode;
}

/**
 * Issue 38: the timeline under the player: the waveform (when the server has made it), the lines
 * as regions to drag, the shot changes, a ruler. It is made again only when what it draws from
 * changes (the media, the waveform, the file's length); lines and the current line are passed in.
 */
const Timeline = forwardRef<TimelineHandle, TimelineProps>(function Timeline(props, ref) {
  const { t } = useTranslation();
  const { overview, waveform, media, editable, minGapMs, minDurationMs, current } = props;
  const box = useRef<HTMLDivElement>(null);
  const view = useRef<TimelineView | null>(null);
  const [ready, setReady] = useState(false);
  // each view made is handed the lines, cuts and current line (it draws them again itself when
  // ready; its `ready` may come before React renders the false set at its making)
  const [made, setMade] = useState(0);
  // the timeline follows the lines a frame late: a key's own render draws the list first
  const segments = useDeferredValue(props.segments);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  useImperativeHandle(ref, () => ({ zoomBy: (factor) => view.current?.zoomBy(factor) }), []);

  const lastEnd = segments.reduce((max, s) => Math.max(max, s.endMs), 0);
  // with media, its length (from the server, or the peaks); without, the lines' with room after
  const durationMs =
    waveform?.durationMs ??
    overview?.durationMs ??
    (Math.ceil((lastEnd + TAIL_MS) / 60_000) * 60_000 || 60_000);
  const withMedia = overview !== undefined && overview.state !== 'none';

  // made again when the waveform arrives: until then the lines stand on a ruler
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    setReady(false);
    const v = new TimelineView({
      container,
      media: media ?? undefined,
      peaks: waveform?.channels,
      durationMs,
      height: window.matchMedia('(max-width: 640px)').matches ? 40 : 72,
      minGapMs,
      minDurationMs,
      editable,
      onSelect: (id) => latest.current.onSelect(id),
      onRetime: (id, start, end) => latest.current.onRetime(id, start, end),
      onReady: () => setReady(true),
    });
    view.current = v;
    setMade((n) => n + 1);
    return () => {
      v.destroy();
      view.current = null;
    };
  }, [media, waveform, durationMs, editable, minGapMs, minDurationMs]);

  useEffect(() => view.current?.setLines(segments), [segments, made]);
  useEffect(() => view.current?.setShots(overview?.shotChangesMs ?? []), [overview?.shotChangesMs, made]);
  useEffect(() => view.current?.setCurrent(current), [current, made]);

  return (
    <div className="editor-timeline" data-testid="timeline" data-ready={ready ? 'true' : 'false'}>
      <Flex align="center" gap={8} className="editor-timeline-bar">
        <Typography.Text type="secondary" className="editor-timeline-title">
          {t('editor.timeline.title')}
        </Typography.Text>
        {overview?.state === 'working' ? (
          <Flex align="center" gap={6} data-testid="timeline-working" role="status">
            <Typography.Text type="secondary">{t('editor.timeline.working')}</Typography.Text>
            <Progress percent={overview.progress} size="small" style={{ width: 96, margin: 0 }} />
          </Flex>
        ) : null}
        {overview?.state === 'failed' ? (
          <Typography.Text type="warning" data-testid="timeline-failed">
            {t('editor.timeline.failed')}
          </Typography.Text>
        ) : null}
        {!withMedia ? (
          <Typography.Text
            type="secondary"
            className="editor-timeline-hint"
            title={t('editor.timeline.noMedia')}
          >
            {t('editor.timeline.noMedia')}
          </Typography.Text>
        ) : null}
        <span style={{ flex: 1 }} />
        {props.actions}
        <Tooltip title={t('editor.timeline.zoomOut')}>
          <Button
            size="small"
            type="text"
            icon={<ZoomOutOutlined />}
            aria-label={t('editor.timeline.zoomOut')}
            onClick={() => view.current?.zoomBy(1 / ZOOM_STEP)}
          />
        </Tooltip>
        <Tooltip title={t('editor.timeline.zoomIn')}>
          <Button
            size="small"
            type="text"
            icon={<ZoomInOutlined />}
            aria-label={t('editor.timeline.zoomIn')}
            onClick={() => view.current?.zoomBy(ZOOM_STEP)}
          />
        </Tooltip>
      </Flex>
      <div ref={box} className="editor-timeline-view" aria-label={t('editor.timeline.title')} />
    </div>
  );
});

export default Timeline;
