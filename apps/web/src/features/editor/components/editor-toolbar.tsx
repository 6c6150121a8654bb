import { memo, useMemo } from 'react';
import { Button } from 'antd';
import {
  DeleteOutlined,
  FieldTimeOutlined,
  MergeCellsOutlined,
  PlusOutlined,
  ProfileOutlined,
  ScissorOutlined,
  SettingOutlined,
  SyncOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './editor-header.css';
import type { RowFilter } from '../hooks/use-visible-rows';
import type { LineEdits } from '../hooks/use-line-edits';

/**
 * Which lines the list shows, each choice with its count: all of them (where the editor opens),
 * those the server flagged for review, those that break the norms. One at a time, always in view:
 * a filter that is on says so, and the lines it hides are one click away.
 */
function LineFilter(props: {
  filter: RowFilter;
  segmentCount: number;
  reviewCount: number;
  flaggedCount: number;
  onFilter: (filter: RowFilter) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  // each label looked up again only when its own count changes (a split changes one of three)
  /* eslint-disable react-hooks/exhaustive-deps -- a new language gives new texts under the same `t` */
  const all = useMemo(
    () => t('editor.filter.all', { count: props.segmentCount }),
    [t, language, props.segmentCount],
  );
  const review = useMemo(
    () => t('editor.filter.review', { count: props.reviewCount }),
    [t, language, props.reviewCount],
  );
  const flagged = useMemo(
    () => t('editor.filter.flagged', { count: props.flaggedCount }),
    [t, language, props.flaggedCount],
  );
  const fixed = useMemo(
    () => ({ keys: t('editor.review.keys'), label: t('editor.filter.label') }),
    [t, language],
  );
  /* eslint-enable react-hooks/exhaustive-deps */
  const options: { value: RowFilter; label: string; title?: string }[] = [
    { value: 'all', label: all },
    { value: 'review', label: review, title: fixed.keys },
    { value: 'flagged', label: flagged },
  ];
  return (
    <span className="line-filter" role="radiogroup" aria-label={fixed.label} data-testid="line-filter">
      {options.map((o) => (
        <label key={o.value} className="line-filter-option" title={o.title}>
          <input
            type="radio"
            name="line-filter"
            value={o.value}
            checked={props.filter === o.value}
            onChange={() => props.onFilter(o.value)}
            data-testid={`filter-${o.value}`}
          />
          {o.label}
        </label>
      ))}
    </span>
  );
}

/**
 * The bar above the lines: which lines are shown, quality rules, the film brief, re-translate a
 * selection.
 */
export const EditorToolbar = memo(function EditorToolbar(props: {
  segmentCount: number;
  flaggedCount: number;
  reviewCount: number;
  filter: RowFilter;
  selectedCount: number;
  readOnly: boolean;
  onFilter: (filter: RowFilter) => void;
  onOpenRules: () => void;
  /** the film brief: its names and terms, re-applied to the lines */
  onOpenBrief: () => void;
  onRetranslateSelected: () => void;
  onClearSelection: () => void;
  /** issue 35: split, merge, insert, delete (absent while lines cannot change) */
  lines?: LineEdits | undefined;
  /** why the lines cannot change now (shown on the disabled buttons) */
  linesLocked?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="editor-toolbar">
      <LineFilter
        filter={props.filter}
        segmentCount={props.segmentCount}
        reviewCount={props.reviewCount}
        flaggedCount={props.flaggedCount}
        onFilter={props.onFilter}
      />
      <ToolbarActions
        selectedCount={props.selectedCount}
        readOnly={props.readOnly}
        onOpenRules={props.onOpenRules}
        onOpenBrief={props.onOpenBrief}
        onRetranslateSelected={props.onRetranslateSelected}
      />
      <LineButtons lines={props.lines} locked={props.linesLocked ?? null} />
      {props.selectedCount ? (
        <Button size="small" type="link" onClick={props.onClearSelection}>
          {t('editor.clearSelection')}
        </Button>
      ) : null}
    </div>
  );
});

/** The rules, the brief, re-translate the selection: not drawn again by a split (memo). */
const ToolbarActions = memo(function ToolbarActions({
  selectedCount,
  readOnly,
  onOpenRules,
  onOpenBrief,
  onRetranslateSelected,
}: {
  selectedCount: number;
  readOnly: boolean;
  onOpenRules: () => void;
  onOpenBrief: () => void;
  onRetranslateSelected: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        size="small"
        type="link"
        icon={<SettingOutlined />}
        onClick={onOpenRules}
        data-testid="quality-open"
      >
        {t('editor.quality.open')}
      </Button>
      <Button size="small" icon={<ProfileOutlined />} onClick={onOpenBrief} data-testid="brief-open">
        {t('voice.brief.open')}
      </Button>
      <Button
        size="small"
        icon={<SyncOutlined />}
        disabled={!selectedCount || readOnly}
        onClick={onRetranslateSelected}
        data-testid="retranslate-selected"
      >
        {t('editor.retranslateSelected', { count: selectedCount })}
      </Button>
    </>
  );
});

/**
 * Split, merge, insert, delete: on the current line (the last one clicked into) or the selection.
 * A button keeps the text field's focus (mouse down does not take it), so a split cuts at the
 * cursor the user left.
 */
const LineButtons = memo(function LineButtons({
  lines,
  locked,
}: {
  lines: LineEdits | undefined;
  locked: string | null;
}) {
  const { t } = useTranslation();
  const buttons = [
    {
      key: 'split',
      icon: <ScissorOutlined />,
      run: lines?.split,
      label: t('editor.lines.split'),
      hint: t('editor.lines.splitHint'),
    },
    {
      key: 'merge',
      icon: <MergeCellsOutlined />,
      run: lines?.merge,
      label: t('editor.lines.merge'),
      hint: t('editor.lines.mergeHint'),
    },
    {
      key: 'insert',
      icon: <PlusOutlined />,
      run: lines?.insertAfter,
      label: t('editor.lines.insert'),
      hint: t('editor.lines.insertHint'),
    },
    {
      key: 'insert-before',
      icon: <VerticalAlignTopOutlined />,
      run: lines?.insertBefore,
      label: t('editor.lines.insertBefore'),
      hint: t('editor.lines.insertBeforeHint'),
    },
    {
      key: 'delete',
      icon: <DeleteOutlined />,
      run: lines?.deleteLines,
      label: t('editor.lines.delete'),
      hint: t('editor.lines.deleteHint'),
    },
    {
      key: 'timing',
      icon: <FieldTimeOutlined />,
      run: lines?.timing,
      label: t('editor.timing.open'),
      hint: t('editor.timing.openHint'),
    },
  ];
  return (
    <span className="line-edits" role="group" aria-label={t('editor.lines.label')}>
      {buttons.map((b) => (
        <Button
          key={b.key}
          size="small"
          icon={b.icon}
          disabled={!b.run}
          title={!b.run && locked ? locked : b.hint}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => b.run?.()}
          data-testid={`lines-${b.key}`}
        >
          {b.label}
        </Button>
      ))}
    </span>
  );
});
