import { memo, useMemo, useState } from 'react';
import { Alert, Button, Input, InputNumber, Modal, Radio, Select, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { frameRateMap, framesToMs, shiftMap, syncMap, type TimeMap } from '@subtrans/subtitles/retime';
import { formatSrtTime, parseTimestamp } from '@subtrans/subtitles/time';
import type { EditSegment, RetimeItem } from '../lib/editor-types';
import { retimeItem, retimeSegments } from '../lib/editor-timing';
import { FixTimingTab, FPS_OPTIONS } from './fix-timing-tab';
import './timing-dialog.css';

export interface TimingDialogProps {
  open: boolean;
  /** the tab it opens on (a timing flag opens fix timing); else the one last used */
  openOn?: 'shift' | 'rate' | 'sync' | 'fix' | undefined;
  onClose: () => void;
  segments: readonly EditSegment[];
  /** the line the cursor is in (for "from this line on") */
  current: number | null;
  /** the selected lines' ids, in the task's order */
  selected: readonly number[];
  /** the task's target language and its norms (the fix's minimum and maximum durations) */
  target: string;
  norms: { minDurationMs: number; maxDurationMs: number };
  /** lines moved by one map (one undo step, saved as the map) */
  onRetime: (map: TimeMap, lines: RetimeItem['lines']) => void;
  /** lines' new times (one undo step) */
  onSetTimes: (times: { id: number; startMs: number; endMs: number }[]) => void;
}

type Scope = 'all' | 'selection' | 'from';

/** What a map does to the lines it moves: the first and last moved, or that one would go before 0. */
function preview(segments: readonly EditSegment[], map: TimeMap | null, lines: RetimeItem['lines']) {
  if (!map) return null;
  const moved = retimeSegments(segments, retimeItem(map, lines));
  if (!moved) return { refused: true as const };
  const named = lines === 'all' ? null : new Set(lines);
  const at = segments.flatMap((s, i) => (!named || named.has(s.id) ? [i] : []));
  const show = [...new Set([at[0], at.at(-1)])].filter((i): i is number => i !== undefined);
  return {
    refused: false as const,
    count: at.length,
    rows: show.map((i) => ({ number: i + 1, before: segments[i]!, after: moved[i]! })),
  };
}

function Preview({ result, name }: { result: ReturnType<typeof preview>; name: string }) {
  const { t } = useTranslation();
  if (!result) return null;
  if (result.refused)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('editor.timing.beforeZero')}
        data-testid={`timing-refused-${name}`}
      />
    );
  return (
    <div className="timing-preview" data-testid={`timing-preview-${name}`}>
      <div>{t('editor.timing.moves', { count: result.count })}</div>
      {result.rows.map((r) => (
        <div key={r.number} className="timing-preview-row">
          {t('editor.timing.lineNumber', { number: r.number })}: {formatSrtTime(r.before.startMs)} →{' '}
          <strong>{formatSrtTime(r.after.startMs)}</strong>
        </div>
      ))}
    </div>
  );
}

/**
 * Issue 35: the timing of many lines at once, each previewed before it is applied and undone as
 * one step: shift (all, the selection, or from the current line on; by ms or frames), change the
 * frame rate, two-point sync (Subtitle Edit's "point sync"), fix timing across the file.
 */
export default memo(function TimingDialog(props: TimingDialogProps) {
  const { t } = useTranslation();
  const { segments, current, selected } = props;
  const [tab, setTab] = useState<string>(props.openOn ?? 'shift');
  // opened again on a given tab: that tab (the state of a render, not an effect's second render)
  const [wasOpen, setWasOpen] = useState(props.open);
  if (wasOpen !== props.open) {
    setWasOpen(props.open);
    if (props.open && props.openOn) setTab(props.openOn);
  }
  const [amount, setAmount] = useState<number | null>(0);
  const [unit, setUnit] = useState<'ms' | 'frames'>('ms');
  const [fps, setFps] = useState(24);
  const [scope, setScope] = useState<Scope>('all');
  const [fromRate, setFromRate] = useState(25);
  const [toRate, setToRate] = useState(23.976);
  const [syncA, setSyncA] = useState<{ line: number | null; time: string }>({ line: null, time: '' });
  const [syncB, setSyncB] = useState<{ line: number | null; time: string }>({ line: null, time: '' });

  const currentAt = current === null ? -1 : segments.findIndex((s) => s.id === current);
  const scopeLines = (s: Scope): RetimeItem['lines'] =>
    s === 'selection'
      ? selected
      : s === 'from'
        ? segments.slice(Math.max(0, currentAt)).map((l) => l.id)
        : 'all';
  const shift = useMemo(() => {
    const ms = unit === 'frames' ? framesToMs(amount ?? 0, fps) : (amount ?? 0);
    return ms ? shiftMap(ms) : null;
  }, [amount, unit, fps]);
  const rate = fromRate === toRate ? null : frameRateMap(fromRate, toRate);
  // the two lines of a sync: those typed, else the selection's first and last, else the task's
  const lineA = syncA.line ?? (selected.length > 1 ? segments.findIndex((s) => s.id === selected[0]) + 1 : 1);
  const lineB =
    syncB.line ??
    (selected.length > 1 ? segments.findIndex((s) => s.id === selected.at(-1)) + 1 : segments.length);
  const a = segments[lineA - 1];
  const b = segments[lineB - 1];
  const newA = syncA.time ? parseTimestamp(syncA.time) : (a?.startMs ?? null);
  const newB = syncB.time ? parseTimestamp(syncB.time) : (b?.startMs ?? null);
  const sync = a && b && newA !== null && newB !== null ? syncMap(a.startMs, newA, b.startMs, newB) : null;
  const syncIdentity = sync && sync.factor === 1 && sync.origin === sync.to;

  const apply = (map: TimeMap | null, lines: RetimeItem['lines']) => {
    if (!map) return;
    props.onRetime(map, lines);
    props.onClose();
  };
  const scopeOk = scope === 'all' || (scope === 'selection' ? selected.length > 0 : currentAt >= 0);
  // only the open tab's, and nothing while closed (the page renders this on every key)
  const open = props.open;
  const shiftPreview =
    open && tab === 'shift' && scopeOk ? preview(segments, shift, scopeLines(scope)) : null;
  const ratePreview = open && tab === 'rate' ? preview(segments, rate, 'all') : null;
  const syncPreview = open && tab === 'sync' && sync && !syncIdentity ? preview(segments, sync, 'all') : null;
  const applyButton = (testid: string, disabled: boolean, onClick: () => void) => (
    <Button type="primary" disabled={disabled} onClick={onClick} data-testid={testid}>
      {t('editor.timing.apply')}
    </Button>
  );
  const syncPoint = (
    which: 'a' | 'b',
    line: number,
    value: typeof syncA,
    set: typeof setSyncA,
    base?: EditSegment,
  ) => (
    <Space wrap>
      <label>
        {t('editor.timing.syncLine')}{' '}
        <InputNumber
          min={1}
          max={segments.length}
          value={line}
          onChange={(v) => set({ ...value, line: v })}
          data-testid={`timing-sync-${which}-line`}
        />
      </label>
      <label>
        {t('editor.timing.syncStart', { time: base ? formatSrtTime(base.startMs) : '—' })}{' '}
        <Input
          style={{ width: 150 }}
          placeholder={base ? formatSrtTime(base.startMs) : '00:00:00,000'}
          value={value.time}
          status={value.time && parseTimestamp(value.time) === null ? 'error' : undefined}
          onChange={(e) => set({ ...value, time: e.target.value })}
          data-testid={`timing-sync-${which}-time`}
        />
      </label>
    </Space>
  );

  const items = [
    {
      key: 'shift',
      label: t('editor.timing.shift'),
      children: (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <InputNumber
              value={amount}
              onChange={setAmount}
              aria-label={t('editor.timing.amount')}
              data-testid="timing-amount"
            />
            <Select
              value={unit}
              onChange={setUnit}
              options={[
                { value: 'ms', label: t('editor.timing.ms') },
                { value: 'frames', label: t('editor.timing.frames') },
              ]}
              aria-label={t('editor.timing.unit')}
              data-testid="timing-unit"
            />
            {unit === 'frames' ? (
              <Select
                value={fps}
                onChange={setFps}
                options={FPS_OPTIONS}
                aria-label={t('editor.timing.fps')}
              />
            ) : null}
          </Space>
          <div className="timing-hint">{t('editor.timing.shiftHint')}</div>
          <Radio.Group
            value={scope}
            onChange={(e) => setScope(e.target.value as Scope)}
            data-testid="timing-scope"
          >
            <Radio value="all">{t('editor.timing.scopeAll')}</Radio>
            <Radio value="selection" disabled={!selected.length}>
              {t('editor.timing.scopeSelection', { count: selected.length })}
            </Radio>
            <Radio value="from" disabled={currentAt < 0}>
              {t('editor.timing.scopeFrom', { number: currentAt + 1 })}
            </Radio>
          </Radio.Group>
          <Preview result={shiftPreview} name="shift" />
          {applyButton('timing-apply-shift', !shiftPreview || shiftPreview.refused, () =>
            apply(shift, scopeLines(scope)),
          )}
        </Space>
      ),
    },
    {
      key: 'rate',
      label: t('editor.timing.rate'),
      children: (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <label>
              {t('editor.timing.rateFrom')}{' '}
              <Select
                value={fromRate}
                onChange={setFromRate}
                options={FPS_OPTIONS}
                data-testid="timing-rate-from"
              />
            </label>
            <label>
              {t('editor.timing.rateTo')}{' '}
              <Select
                value={toRate}
                onChange={setToRate}
                options={FPS_OPTIONS}
                data-testid="timing-rate-to"
              />
            </label>
          </Space>
          <div className="timing-hint">{t('editor.timing.rateHint')}</div>
          <Preview result={ratePreview} name="rate" />
          {applyButton('timing-apply-rate', !ratePreview || ratePreview.refused, () => apply(rate, 'all'))}
        </Space>
      ),
    },
    {
      key: 'sync',
      label: t('editor.timing.sync'),
      children: (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <div className="timing-hint">{t('editor.timing.syncHint')}</div>
          {syncPoint('a', lineA, syncA, setSyncA, a)}
          {syncPoint('b', lineB, syncB, setSyncB, b)}
          {a && b && !sync ? (
            <Alert
              type="warning"
              showIcon
              message={t('editor.timing.syncInvalid')}
              data-testid="timing-sync-invalid"
            />
          ) : null}
          <Preview result={syncPreview} name="sync" />
          {applyButton('timing-apply-sync', !syncPreview || syncPreview.refused, () => apply(sync, 'all'))}
        </Space>
      ),
    },
    {
      key: 'fix',
      label: t('editor.timing.fix'),
      children: (
        <FixTimingTab
          active={props.open && tab === 'fix'}
          segments={segments}
          target={props.target}
          norms={props.norms}
          onApply={(times) => {
            props.onSetTimes(times);
            props.onClose();
          }}
        />
      ),
    },
  ];

  return (
    <Modal
      open={props.open}
      title={t('editor.timing.title')}
      onCancel={props.onClose}
      footer={null}
      width={640}
      destroyOnHidden
      data-testid="timing-dialog"
    >
      <Tabs activeKey={tab} onChange={setTab} items={items} />
    </Modal>
  );
});
