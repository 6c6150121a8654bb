import { useEffect, useState } from 'react';
import { Alert, Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FRAME_RATES } from '@subtrans/subtitles/retime';
import { formatSrtTime } from '@subtrans/subtitles/time';
import type { FixTimingResult, TimingChangeKind } from '@subtrans/subtitles/structure';
import { runtimeKey } from '../../../lib/i18n-keys';
import type { EditSegment } from '../lib/editor-types';

/** The frame rates offered (23.976 and 29.97 are NTSC's 24000/1001 and 30000/1001). */
export const FPS_OPTIONS = FRAME_RATES.map((v) => ({ value: v, label: `${v} fps` }));

/** Shown at most; the counts say how many there are in all. */
const LISTED = 100;
const KINDS: TimingChangeKind[] = ['overlap', 'gap', 'short', 'long'];

/**
 * Fix timing across the file, as Subtitle Edit's: what would change is listed first (overlaps
 * removed, gaps under 2 frames opened, lines too short lengthened into free time, lines too long
 * reported), then applied as one undo step. The maths is loaded with the tab.
 */
export function FixTimingTab(props: {
  active: boolean;
  segments: readonly EditSegment[];
  target: string;
  norms: { minDurationMs: number; maxDurationMs: number };
  onApply: (times: { id: number; startMs: number; endMs: number }[]) => void;
}) {
  const { t } = useTranslation();
  const { active, segments, target, norms } = props;
  const [fps, setFps] = useState(24);
  const [result, setResult] = useState<FixTimingResult<EditSegment> | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    void import('@subtrans/subtitles/structure').then(({ fixTiming }) => {
      if (live) setResult(fixTiming(segments, { target, frameRate: fps, norms }));
    });
    return () => {
      live = false;
    };
  }, [active, segments, target, fps, norms]);

  const moved = result ? result.lines.filter((l, i) => l !== segments[i]) : [];
  const count = (kind: TimingChangeKind) => result?.changes.filter((c) => c.kind === kind).length ?? 0;
  const numberOf = new Map(segments.map((s, i) => [s.id, i + 1]));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <label>
        {t('editor.timing.fps')}{' '}
        <Select value={fps} onChange={setFps} options={FPS_OPTIONS} data-testid="timing-fix-fps" />
      </label>
      <div className="timing-hint">{t('editor.timing.fixHint')}</div>
      {result ? (
        <>
          <div data-testid="timing-fix-summary">
            {KINDS.map((k) => t(runtimeKey('editor.timing.kind.*', k), { count: count(k) })).join(' · ')}
          </div>
          {result.changes.length ? (
            <ol className="timing-changes" data-testid="timing-fix-changes">
              {result.changes.slice(0, LISTED).map((c, i) => (
                <li key={i} value={numberOf.get(c.id)}>
                  {formatSrtTime(c.before.startMs)} → {formatSrtTime(c.before.endMs)}
                  {c.after.startMs !== c.before.startMs || c.after.endMs !== c.before.endMs
                    ? ` ⇒ ${formatSrtTime(c.after.startMs)} → ${formatSrtTime(c.after.endMs)}`
                    : ''}{' '}
                  ({t(runtimeKey('editor.timing.kind.*', c.kind), { count: 1 })})
                </li>
              ))}
            </ol>
          ) : (
            <Alert type="success" showIcon message={t('editor.timing.fixNothing')} />
          )}
          {moved.length ? (
            <Button
              type="primary"
              onClick={() => props.onApply(moved.map(({ id, startMs, endMs }) => ({ id, startMs, endMs })))}
              data-testid="timing-apply-fix"
            >
              {t('editor.timing.fixApply', { count: moved.length })}
            </Button>
          ) : null}
        </>
      ) : null}
    </Space>
  );
}
