import { memo, useState } from 'react';
import { Button, Checkbox, Input, Tag, Tooltip } from 'antd';
import { EditOutlined, LoadingOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatSrtTime, parseTimestamp } from '@subtrans/subtitles/time';
import type { EditSegment, Field } from '../lib/editor-state';

export const ROW_GRID = '28px 52px 118px minmax(0, 1fr) minmax(0, 1fr) 72px';

export interface RowHandlers {
  change(id: number, field: Field, value: string | number, typing: boolean): void;
  focus(id: number): void;
  toggle(id: number): void;
  retranslate(id: number): void;
  edit(id: number): void;
}

/**
 * A timecode: the first 8 characters (HH:MM:SS) shown, the full precision while focused;
 * committed on blur or Enter when it parses (SPEC §2).
 */
function TimeInput(props: {
  ms: number;
  label: string;
  testId: string;
  readOnly: boolean;
  onCommit: (ms: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const full = formatSrtTime(props.ms);
  const commit = () => {
    if (draft === null) return;
    const ms = parseTimestamp(draft.trim());
    setDraft(null);
    if (ms !== null && ms !== props.ms) props.onCommit(ms);
  };
  return (
    <Input
      size="small"
      variant="borderless"
      aria-label={props.label}
      data-testid={props.testId}
      readOnly={props.readOnly}
      value={draft ?? full.slice(0, 8)}
      onFocus={() => setDraft(full)}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      style={{ fontFamily: 'monospace', fontSize: 12, padding: '0 4px' }}
    />
  );
}

/** One segment: index, timing, original and translation side by side, its flags and actions. */
export const SegmentRow = memo(function SegmentRow(props: {
  seg: EditSegment;
  /** quality flags, comma-separated (a string keeps the row's props stable) */
  flags: string;
  selected: boolean;
  busy: boolean;
  readOnly: boolean;
  current: boolean;
  handlers: RowHandlers;
}) {
  const { t } = useTranslation();
  const { seg, handlers, readOnly } = props;
  const flags = props.flags ? props.flags.split(',') : [];
  return (
    <div
      data-testid={`segment-${seg.id}`}
      data-flags={props.flags}
      onFocusCapture={() => handlers.focus(seg.id)}
      style={{
        display: 'grid',
        gridTemplateColumns: ROW_GRID,
        gap: 8,
        padding: '8px 12px',
        borderBottom: '1px solid #f0f0f0',
        background: props.current ? '#f0f7ff' : '#fff',
        alignItems: 'start',
      }}
    >
      <Checkbox
        checked={props.selected}
        onChange={() => handlers.toggle(seg.id)}
        aria-label={t('editor.select', { id: seg.id })}
      />
      <span style={{ color: '#8c8c8c', fontVariantNumeric: 'tabular-nums', paddingTop: 4 }}>{seg.id}</span>
      <div>
        <TimeInput
          ms={seg.startMs}
          label={t('editor.start', { id: seg.id })}
          testId={`seg-${seg.id}-start`}
          readOnly={readOnly}
          onCommit={(ms) => handlers.change(seg.id, 'startMs', ms, false)}
        />
        <TimeInput
          ms={seg.endMs}
          label={t('editor.end', { id: seg.id })}
          testId={`seg-${seg.id}-end`}
          readOnly={readOnly}
          onCommit={(ms) => handlers.change(seg.id, 'endMs', ms, false)}
        />
      </div>
      <Input.TextArea
        value={seg.originalText}
        autoSize={{ minRows: 1, maxRows: 8 }}
        readOnly={readOnly}
        aria-label={t('editor.original', { id: seg.id })}
        data-testid={`seg-${seg.id}-original`}
        onChange={(e) => handlers.change(seg.id, 'originalText', e.target.value, true)}
        style={{ color: '#595959' }}
      />
      <div>
        <Input.TextArea
          value={seg.translatedText}
          autoSize={{ minRows: 1, maxRows: 8 }}
          readOnly={readOnly}
          aria-label={t('editor.translation', { id: seg.id })}
          data-testid={`seg-${seg.id}-translation`}
          data-segment-input={seg.id}
          onChange={(e) => handlers.change(seg.id, 'translatedText', e.target.value, true)}
          status={flags.length ? 'warning' : undefined}
        />
        {flags.length ? (
          <div style={{ marginTop: 4, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {flags.map((f) => (
              <Tag key={f} color="orange" style={{ marginInlineEnd: 0, fontSize: 11 }}>
                {t(`editor.flag.${f}`)}
              </Tag>
            ))}
          </div>
        ) : null}
      </div>
      <div style={{ display: 'flex', gap: 4 }}>
        <Tooltip title={t('editor.retranslate')}>
          <Button
            size="small"
            icon={props.busy ? <LoadingOutlined /> : <SyncOutlined />}
            disabled={props.busy || readOnly}
            onClick={() => handlers.retranslate(seg.id)}
            aria-label={t('editor.retranslate')}
            data-testid={`seg-${seg.id}-retranslate`}
          />
        </Tooltip>
        <Tooltip title={t('editor.editSegment')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            disabled={readOnly}
            onClick={() => handlers.edit(seg.id)}
            aria-label={t('editor.editSegment')}
            data-testid={`seg-${seg.id}-edit`}
          />
        </Tooltip>
      </div>
    </div>
  );
});
