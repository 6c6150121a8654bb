import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Dropdown } from 'antd';
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloudSyncOutlined,
  DownloadOutlined,
  ExclamationCircleOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  SearchOutlined,
  SyncOutlined,
  UndoOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { languageName, type Task } from '@subtrans/contract';
import { ExportDialog } from '../../../components/export-dialog';
import type { ExportOptions } from '../../../lib/task-export';
import './editor-header.css';
import type { UiLanguage } from '../../../lib/i18n';
import type { TypingSignal } from '../lib/typing-signal';
import type { TextKey } from '../../../lib/i18n-keys';

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

/** each state's icon, made once: the badge shows one and hides the others (no icon mounted per change) */
const SAVE_ICONS: [SaveState, React.ReactNode][] = [
  ['saved', <CheckCircleOutlined key="saved" />],
  ['pending', <CloudSyncOutlined key="pending" />],
  ['saving', <SyncOutlined key="saving" spin />],
  ['failed', <ExclamationCircleOutlined key="failed" />],
  ['conflict', <ExclamationCircleOutlined key="conflict" />],
];

export const EXPORT_CHOICES = [
  'srt',
  'srt-both',
  'srt-both-flipped',
  'vtt',
  'vtt-both',
  'ass',
  'ass-both',
  'ass-both-flipped',
] as const;
export type ExportChoice = (typeof EXPORT_CHOICES)[number];
const EXPORT_LABELS: Record<ExportChoice, TextKey> = {
  srt: 'editor.export.srt',
  'srt-both': 'editor.export.srtBilingual',
  'srt-both-flipped': 'editor.export.srtBilingualFlipped',
  vtt: 'editor.export.vtt',
  'vtt-both': 'editor.export.vttBilingual',
  ass: 'editor.export.ass',
  'ass-both': 'editor.export.assBilingual',
  'ass-both-flipped': 'editor.export.assBilingualFlipped',
};

const ICON = {
  undo: <UndoOutlined />,
  redo: <RedoOutlined />,
  find: <SearchOutlined />,
  help: <QuestionCircleOutlined />,
};

/**
 * An icon button named by its title (and aria-label): a native button drawn like antd's
 * (editor-header.css). antd's Button and Tooltip cost a component tree each on the first paint, and
 * Button animated its colours for 0.2 s when undo became possible, drawing a frame on every key
 * typed meanwhile.
 */
const IconAction = memo(function IconAction(props: {
  label: string;
  icon: React.ReactNode;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      className={props.primary ? 'icon-action icon-action-primary' : 'icon-action'}
      title={props.label}
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.icon}
    </button>
  );
});

/** what the badge says: "saved" reads "not saved yet" while a typed key has not reached the page */
const shownState = (saveState: SaveState, typing: TypingSignal): SaveState =>
  typing.get() && saveState === 'saved' ? 'pending' : saveState;

/**
 * The save state, drawn like a tag in plain CSS (editor-header.css); "saved" reads "not saved yet"
 * while a typed key has not reached the page. Every state's icon and words are in the page, one
 * shown: the page's state changes it by rendering, and the typing signal (raised in a key's own
 * event) by showing another one directly, so a key costs no render of React (segment-row.tsx).
 */
function SaveBadge(props: { saveState: SaveState; typing: TypingSignal }) {
  const { t } = useTranslation();
  const { saveState, typing } = props;
  const badge = useRef<HTMLSpanElement>(null);
  // every state's words looked up once per language, not on the key that changes the state
  const labels = useMemo(() => new Map(SAVE_ICONS.map(([s]) => [s, t(`editor.save.${s}`)])), [t]);
  const state = shownState(saveState, typing);
  useLayoutEffect(() => {
    const show = () => {
      const el = badge.current;
      if (!el) return;
      const now = shownState(saveState, typing);
      el.dataset.state = now;
      for (const part of el.querySelectorAll<HTMLElement>('[data-save-state]'))
        part.hidden = part.dataset.saveState !== now;
    };
    show();
    return typing.subscribe(show);
  }, [saveState, typing]);
  return (
    <span className="save-badge" data-testid="save-state" data-state={state} role="status" ref={badge}>
      {SAVE_ICONS.map(([s, icon]) => (
        <span key={s} className="save-badge-part" data-save-state={s} hidden={s !== state}>
          {icon}
          <span>{labels.get(s)}</span>
        </span>
      ))}
    </span>
  );
}

/** Back, file name, language pair and engine: the same for the page's whole life. */
const HeaderTitle = memo(function HeaderTitle(props: {
  fileName: string;
  originalLanguage: string;
  targetLanguage: string;
  translationService: string;
  ui: UiLanguage;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button icon={<ArrowLeftOutlined />} onClick={props.onBack} data-testid="editor-back">
        {t('common.back')}
      </Button>
      <h1 className="editor-file" title={props.fileName} data-testid="editor-file">
        {props.fileName}
      </h1>
      <span className="editor-muted" data-testid="editor-languages">
        {languageName(props.originalLanguage, props.ui)} → {languageName(props.targetLanguage, props.ui)}
      </span>
      <span className="editor-engine" data-testid="editor-engine">
        {t(`tasks.engine.${props.translationService}`, { defaultValue: props.translationService })}
      </span>
    </>
  );
});

/** Export and the user menu. */
const HeaderMenus = memo(function HeaderMenus(props: {
  readOnly: boolean;
  userName: string | undefined;
  sourceFormat: Task['sourceFormat'];
  onExport: (what: ExportChoice | ExportOptions) => void;
  onUserMenu: (key: 'dashboard' | 'logout') => void;
}) {
  const { t } = useTranslation();
  // issue 37: the export's choices (format, bilingual order, ASS original size) and what is lost
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={props.readOnly}
        menu={{
          items: [
            ...EXPORT_CHOICES.map((key) => ({
              key,
              label: t(EXPORT_LABELS[key]),
              'data-testid': `export-${key}`,
            })),
            { type: 'divider' as const },
            { key: 'options', label: t('exportDialog.more'), 'data-testid': 'export-options' },
          ],
          onClick: ({ key }) => (key === 'options' ? setDialog(true) : props.onExport(key as ExportChoice)),
        }}
      >
        <Button type="primary" icon={<DownloadOutlined />} data-testid="editor-export">
          {t('editor.export.label')}
        </Button>
      </Dropdown>
      <Dropdown
        menu={{
          items: [
            { key: 'dashboard', label: t('editor.menu.dashboard') },
            { key: 'logout', label: t('dashboard.logout') },
          ],
          onClick: ({ key }) => props.onUserMenu(key === 'logout' ? 'logout' : 'dashboard'),
        }}
      >
        {/* on a phone the icon alone (editor-header.css): the name is the button's label */}
        <Button icon={<UserOutlined />} aria-label={props.userName} data-testid="editor-user">
          <span className="editor-user-name">{props.userName}</span>
        </Button>
      </Dropdown>
      {dialog ? (
        <ExportDialog
          open
          sourceFormat={props.sourceFormat}
          onCancel={() => setDialog(false)}
          onExport={(options) => {
            setDialog(false);
            props.onExport(options);
          }}
        />
      ) : null}
    </>
  );
});

/**
 * The editor's header: back, file name, language pair, engine, save state, undo/redo, find, help,
 * the video with its lines (a task with media), export and the user menu. Memoised with stable
 * callbacks, so typing in a line (which re-renders the page) does not re-render it; and in memoised parts, so the first key after a save (the save
 * state and undo change) re-renders the badge and the undo/redo buttons, not a dozen antd controls.
 */
export const EditorHeader = memo(function EditorHeader(props: {
  fileName: string;
  originalLanguage: string;
  targetLanguage: string;
  translationService: string;
  ui: UiLanguage;
  saveState: SaveState;
  /** raised by a key the page has not taken in yet: "saved" is shown as "not saved yet" */
  typing: TypingSignal;
  canUndo: boolean;
  canRedo: boolean;
  readOnly: boolean;
  findOpen: boolean;
  userName: string | undefined;
  onBack: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onToggleFind: () => void;
  onHelp: () => void;
  /** the format of the task's file: what the export dialog says another format loses */
  sourceFormat: Task['sourceFormat'];
  onExport: (what: ExportChoice | ExportOptions) => void;
  onUserMenu: (key: 'dashboard' | 'logout') => void;
  /** issue 40: "export video with subtitles" (an element made once by the page), for a task with media */
  renderAction?: React.ReactNode;
  /** issue 40 §2: share for review and the reviewers' comments (an element made by the page) */
  reviewAction?: React.ReactNode;
}) {
  const { t } = useTranslation();
  // looked up once per language: the header renders again on the first key after each save
  // (undo becomes possible), and i18next's lookups were most of that render
  const labels = useMemo(
    () => ({
      undo: t('editor.shortcuts.undo'),
      redo: t('editor.shortcuts.redo'),
      find: t('editor.shortcuts.find'),
      help: t('editor.shortcuts.help'),
    }),
    [t],
  );
  const { readOnly } = props;
  return (
    <header className="editor-header">
      <HeaderTitle
        fileName={props.fileName}
        originalLanguage={props.originalLanguage}
        targetLanguage={props.targetLanguage}
        translationService={props.translationService}
        ui={props.ui}
        onBack={props.onBack}
      />
      <SaveBadge saveState={props.saveState} typing={props.typing} />
      <span style={{ flex: 1 }} />
      {/* the actions keep together: on a phone they are a row of their own */}
      <span className="editor-actions">
        <IconAction
          label={labels.undo}
          icon={ICON.undo}
          disabled={readOnly || !props.canUndo}
          onClick={props.onUndo}
          testId="editor-undo"
        />
        <IconAction
          label={labels.redo}
          icon={ICON.redo}
          disabled={readOnly || !props.canRedo}
          onClick={props.onRedo}
          testId="editor-redo"
        />
        <IconAction
          label={labels.find}
          icon={ICON.find}
          primary={props.findOpen}
          onClick={props.onToggleFind}
          testId="editor-find"
        />
        <IconAction label={labels.help} icon={ICON.help} onClick={props.onHelp} testId="editor-help" />
        {props.renderAction}
        {props.reviewAction}
        <HeaderMenus
          readOnly={readOnly}
          userName={props.userName}
          sourceFormat={props.sourceFormat}
          onExport={props.onExport}
          onUserMenu={props.onUserMenu}
        />
      </span>
    </header>
  );
});
