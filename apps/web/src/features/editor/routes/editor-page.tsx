import { useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Dropdown,
  Flex,
  Progress,
  Result,
  Space,
  Spin,
  Switch,
  Tag,
  Tooltip,
  Typography,
  type InputRef,
} from 'antd';
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloudSyncOutlined,
  DownloadOutlined,
  ExclamationCircleOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  SearchOutlined,
  SettingOutlined,
  SyncOutlined,
  UndoOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, languageName, type ExportFormat, type SegmentPatch } from '@subtrans/contract';
import { formatSrtTime, parseTimestamp } from '@subtrans/subtitles/time';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useLogout, useSession } from '../../auth/api/session';
import { downloadTask } from '../../tasks/api/tasks';
import {
  forgetPrefetchedTask,
  retranslate as retranslateCall,
  saveSegments,
  useTaskDetail,
} from '../api/editor';
import { FindReplace, type FindOptions } from '../components/find-replace';
import { ROW_GRID, SegmentRow, type RowHandlers } from '../components/segment-row';
import { SegmentModal } from '../components/segment-modal';
import { ShortcutsHelp } from '../components/shortcuts';
import {
  editorReducer,
  findMatches,
  initialState,
  pendingPatches,
  replaceAll,
  type EditSegment,
  type Field,
} from '../lib/editor-state';
import { createFlagCache } from '../lib/quality';
import { loadRules, QualitySettings, storeRules } from '../components/quality-settings';
import { MediaPlayer, type MediaPlayerHandle } from '../components/media-player';

/** edits are saved this long after the last keystroke */
const SAVE_DEBOUNCE_MS = 800;
const RETRY_DELAYS_MS = [2000, 4000, 8000, 15000, 30000];

type SaveState = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

function toEdit(s: {
  id: number;
  startTime: string;
  endTime: string;
  originalText: string;
  translatedText: string;
}): EditSegment {
  return {
    id: s.id,
    startMs: parseTimestamp(s.startTime) ?? 0,
    endMs: parseTimestamp(s.endTime) ?? 0,
    originalText: s.originalText,
    translatedText: s.translatedText,
  };
}

function toPatch(id: number, values: Partial<Record<Field, string | number>>): SegmentPatch {
  const patch: SegmentPatch = { id };
  if (values.originalText !== undefined) patch.originalText = String(values.originalText);
  if (values.translatedText !== undefined) patch.translatedText = String(values.translatedText);
  if (values.startMs !== undefined) patch.startTime = formatSrtTime(Number(values.startMs));
  if (values.endMs !== undefined) patch.endTime = formatSrtTime(Number(values.endMs));
  return patch;
}

/**
 * /edit/{taskId}: source and translation side by side, saved as you type (debounced, retried,
 * versioned against other tabs), re-translation of single lines or a selection, undo/redo, find and
 * replace, quality flags, keyboard navigation, export; the list is virtualised (10,000 lines stay
 * smooth) and follows a task that is still translating.
 */
export default function EditorPage() {
  usePageMeta('editor');
  const { taskId = '' } = useParams();
  const { t } = useTranslation();
  const ui = currentLanguage();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();
  const logout = useLogout();
  const detail = useTaskDetail(taskId);
  // leaving this editor: the next one asks the server (the prefetched copy may predate our edits)
  useEffect(() => forgetPrefetchedTask, []);
  const task = detail.data;
  const readOnly = !task || task.status !== 'completed';

  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialState());
  const stateRef = useRef(state);
  stateRef.current = state;
  const versionRef = useRef(0);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retryCount = useRef(0);
  /** server calls run one after another (a save and a re-translation never race on the version) */
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [current, setCurrent] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const [findOpen, setFindOpen] = useState(false);
  const [find, setFind] = useState<FindOptions>({
    query: '',
    replacement: '',
    caseSensitive: false,
    field: 'translatedText',
  });
  const findInput = useRef<InputRef>(null);
  const [noVirtual] = useState(() => new URLSearchParams(window.location.search).get('virtual') === 'off');
  const listRef = useRef<HTMLDivElement>(null);

  // the server's segments: first load, then every refresh while translating (unsaved edits kept)
  useEffect(() => {
    if (!task) return;
    versionRef.current = Math.max(versionRef.current, task.version);
    dispatch({ type: 'load', segments: task.segments.map(toEdit) });
  }, [task]);

  const enqueue = useCallback(<T,>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.current.then(fn, fn);
    chain.current = run.catch(() => undefined);
    return run;
  }, []);

  const save = useCallback((): Promise<void> => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
    return enqueue(async () => {
      const sent = pendingPatches(stateRef.current);
      if (!sent.size) {
        setSaveState((s) => (s === 'conflict' ? s : 'saved'));
        return;
      }
      setSaveState('saving');
      try {
        const res = await saveSegments(
          taskId,
          versionRef.current,
          [...sent].map(([id, values]) => toPatch(id, values)),
        );
        versionRef.current = res.version;
        retryCount.current = 0;
        dispatch({ type: 'saved', sent });
        // what is left once these values count as saved (typing may have gone on meanwhile)
        const after = editorReducer(stateRef.current, { type: 'saved', sent });
        setSaveState(pendingPatches(after).size ? 'pending' : 'saved');
      } catch (e) {
        if (e instanceof ApiError && e.code === ErrorCodes.TASK_VERSION_CONFLICT.code) {
          setSaveState('conflict');
          return;
        }
        if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.code !== -1) {
          // the server refused these values (e.g. an impossible timing): say so, keep them to fix
          setSaveState('failed');
          void message.error(e.message);
          return;
        }
        // network or server trouble: nothing is lost, try again with growing pauses
        setSaveState('failed');
        const delay = RETRY_DELAYS_MS[Math.min(retryCount.current, RETRY_DELAYS_MS.length - 1)]!;
        retryCount.current += 1;
        saveTimer.current = setTimeout(() => void save(), delay);
      }
    });
  }, [enqueue, message, taskId]);

  // autosave: after every change, once typing pauses (the timer is reset only by a new change)
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);
  const dirtyCount = state.dirty.size;
  useEffect(() => {
    if (!dirtyCount && saveState === 'pending') setSaveState('saved');
    if (!dirtyCount || saveState === 'conflict' || saveState === 'saving') return;
    // a failed save is already waiting for its retry
    if (saveState === 'failed' && saveTimer.current) return;
    if (saveState === 'saved') setSaveState('pending');
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void saveRef.current(), SAVE_DEBOUNCE_MS);
  }, [state.segments, dirtyCount, saveState]);

  // nothing typed is lost by leaving: warn on close/reload and on in-app navigation
  const unsaved = dirtyCount > 0 || saveState === 'saving';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const blocker = useBlocker(unsaved);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('editor.leave.title'),
      content: t('editor.leave.content'),
      okText: t('editor.leave.ok'),
      cancelText: t('common.cancel'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  const change = useCallback(
    (id: number, field: Field, value: string | number, typing: boolean) => {
      if (field === 'startMs' || field === 'endMs') {
        const s = stateRef.current;
        const i = s.index.get(id);
        const seg = i === undefined ? undefined : s.segments[i];
        if (!seg) return;
        const start = field === 'startMs' ? Number(value) : seg.startMs;
        const end = field === 'endMs' ? Number(value) : seg.endMs;
        if (start < 0 || end <= start) {
          void message.error(t('editor.modal.endAfterStart'));
          return;
        }
        const prev = s.segments[i! - 1];
        const next = s.segments[i! + 1];
        if ((prev && start < prev.endMs) || (next && end > next.startMs))
          void message.warning(t('editor.modal.overlap'));
      }
      dispatch({ type: 'change', changes: [{ id, field, after: value }], typing });
    },
    [message, t],
  );

  const inFlight = useRef(new Set<number>());
  const runRetranslate = useCallback(
    async (ids: number[]) => {
      // a ref, not the state: two clicks in one frame must not both pass the check
      const todo = ids.filter((id) => !inFlight.current.has(id));
      if (!todo.length) return;
      for (const id of todo) inFlight.current.add(id);
      setBusy((b) => new Set([...b, ...todo]));
      try {
        // the lines' own unsaved edits go first
        await save();
        const answer = await enqueue(() => retranslateCall(taskId, todo));
        versionRef.current = Math.max(versionRef.current, answer.version);
        const ok = answer.results.filter((r) => r.success);
        if (ok.length)
          dispatch({
            type: 'change',
            changes: ok.map((r) => ({ id: r.id, field: 'translatedText' as const, after: r.translatedText })),
          });
        const failed = answer.results.filter((r) => !r.success);
        if (failed.length)
          void message.error(t('editor.retranslateFailed', { error: failed[0]!.error ?? '' }));
        else void message.success(t('editor.retranslated', { count: ok.length }));
      } catch (e) {
        void message.error(t('editor.retranslateFailed', { error: e instanceof Error ? e.message : '' }));
      } finally {
        for (const id of todo) inFlight.current.delete(id);
        setBusy((b) => {
          const next = new Set(b);
          for (const id of todo) next.delete(id);
          return next;
        });
      }
    },
    [enqueue, message, save, t, taskId],
  );

  const busyRef = useRef(runRetranslate);
  busyRef.current = runRetranslate;
  // audio/video tasks: choosing a segment moves the player there
  const player = useRef<MediaPlayerHandle>(null);
  const handlers = useMemo<RowHandlers>(
    () => ({
      change,
      focus: (id) => {
        setCurrent(id);
        const { segments, index } = stateRef.current;
        const seg = segments[index.get(id) ?? -1];
        if (seg) player.current?.seek(seg.startMs);
      },
      toggle: (id) =>
        setSelected((s) => {
          const next = new Set(s);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        }),
      retranslate: (id) => void busyRef.current([id]),
      edit: (id) => setEditing(id),
    }),
    [change],
  );

  // quality flags and find matches follow the text without slowing typing down
  const deferred = useDeferredValue(state.segments);
  const [rules, setRules] = useState(loadRules);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [flagCache] = useState(() => createFlagCache(rules));
  const flags = useMemo(() => flagCache(deferred, rules), [flagCache, deferred, rules]);
  const matches = useMemo(
    () => findMatches(deferred, find.query, { field: find.field, caseSensitive: find.caseSensitive }),
    [deferred, find.query, find.field, find.caseSensitive],
  );
  const matchCount = useMemo(() => matches.reduce((n, m) => n + m.at.length, 0), [matches]);
  const rows = useMemo(
    () => (onlyFlagged ? state.segments.filter((s) => flags.has(s.id)) : state.segments),
    [onlyFlagged, state.segments, flags],
  );

  // a stable key function: a new one would make the virtualiser rebuild its size cache each render
  // (the ids change only when segments load, or with the flagged filter; typing keeps them)
  const allIds = useMemo(() => [...state.index.keys()], [state.index]);
  const rowIds = useMemo(() => (onlyFlagged ? rows.map((r) => r.id) : allIds), [onlyFlagged, rows, allIds]);
  const getItemKey = useCallback((i: number) => rowIds[i] ?? i, [rowIds]);
  // the virtualiser's functions are read fresh on every render (no memoised component relies on them)
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: noVirtual ? 0 : rows.length,
    getScrollElement: () => listRef.current,
    // a one-line row with its flags: close to the real height, so rows move little once measured
    estimateSize: () => 76,
    overscan: 6,
    getItemKey,
  });

  // playback moves the active segment into view (without taking the focus from the player)
  const followPlayback = useCallback(
    (id: number) => {
      setCurrent(id);
      const i = rows.findIndex((r) => r.id === id);
      if (i >= 0) virtualizer.scrollToIndex(i, { align: 'auto' });
    },
    [rows, virtualizer],
  );

  const goTo = useCallback(
    (id: number) => {
      const i = rows.findIndex((r) => r.id === id);
      if (i < 0) return;
      setCurrent(id);
      virtualizer.scrollToIndex(i, { align: 'center' });
      const focus = (tries: number) => {
        const el = listRef.current?.querySelector<HTMLTextAreaElement>(`[data-segment-input="${id}"]`);
        if (el) el.focus({ preventScroll: true });
        else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
      };
      requestAnimationFrame(() => focus(10));
    },
    [rows, virtualizer],
  );

  const step = useCallback(
    (delta: number) => {
      if (!rows.length) return;
      const i = current === null ? -1 : rows.findIndex((r) => r.id === current);
      const next = rows[Math.min(rows.length - 1, Math.max(0, i + delta))]!;
      goTo(next.id);
    },
    [current, goTo, rows],
  );

  const findStep = useCallback(
    (delta: number) => {
      if (!matches.length) return;
      const ids = matches.map((m) => m.id);
      const i = current === null ? -1 : ids.indexOf(current);
      const nextId =
        i < 0
          ? ((delta > 0
              ? ids.find((id) => id > (current ?? 0))
              : [...ids].reverse().find((id) => id < (current ?? Infinity))) ??
            ids[delta > 0 ? 0 : ids.length - 1]!)
          : ids[(i + delta + ids.length) % ids.length]!;
      if (onlyFlagged && !flags.has(nextId)) setOnlyFlagged(false);
      goTo(nextId);
    },
    [current, flags, goTo, matches, onlyFlagged],
  );

  const doReplaceAll = () => {
    const changes = replaceAll(state.segments, find.query, find.replacement, {
      field: find.field,
      caseSensitive: find.caseSensitive,
    });
    if (!changes.length) return;
    dispatch({ type: 'change', changes });
    void message.success(t('editor.find.replaced', { count: matchCount, lines: changes.length }));
  };

  const exportAs = async (format: ExportFormat, includeOriginal: boolean, originalFirst = true) => {
    if (!state.segments.length) {
      void message.warning(t('editor.noData'));
      return;
    }
    try {
      await save();
      if (pendingPatches(stateRef.current).size) throw new Error(t('editor.save.failed'));
      await downloadTask(taskId, format, includeOriginal, originalFirst);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : t('tasks.downloadFailed'));
    }
  };

  // keyboard: navigation, edit, re-translate, save, undo/redo, find, help
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (e.altKey && e.key === 'ArrowDown') step(1);
      else if (e.altKey && e.key === 'ArrowUp') step(-1);
      else if (e.altKey && key === 'e' && current !== null && !readOnly) setEditing(current);
      else if (e.altKey && key === 'r' && current !== null && !readOnly) void runRetranslate([current]);
      else if (mod && key === 's') void save();
      else if (mod && key === 'z' && !e.shiftKey && !readOnly) dispatch({ type: 'undo' });
      else if (mod && ((key === 'z' && e.shiftKey) || key === 'y') && !readOnly) dispatch({ type: 'redo' });
      else if (mod && key === 'f') {
        setFindOpen(true);
        requestAnimationFrame(() => findInput.current?.focus());
      } else if (e.key === 'F1') setHelp(true);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, readOnly, runRetranslate, save, step]);

  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.code === ErrorCodes.TASK_NOT_FOUND.code;
    return (
      <main>
        <Result
          status={missing ? '404' : 'error'}
          title={<h1 style={{ fontSize: 24 }}>{missing ? t('editor.notFound') : t('editor.loadFailed')}</h1>}
          subTitle={missing ? t('editor.notFoundHint') : detail.error.message}
          data-testid={missing ? 'editor-not-found' : 'editor-load-failed'}
          extra={[
            <Link key="home" to="/">
              <Button type="primary">{t('common.backHome')}</Button>
            </Link>,
            missing ? null : (
              <Button key="retry" onClick={() => void detail.refetch()}>
                {t('common.retry')}
              </Button>
            ),
          ]}
        />
      </main>
    );
  }
  if (!task) {
    return (
      <Flex justify="center" style={{ padding: 96 }}>
        <Spin size="large" />
      </Flex>
    );
  }

  const editingIndex = editing === null ? -1 : (state.index.get(editing) ?? -1);
  const saveBadge: Record<SaveState, { icon: React.ReactNode; color: string }> = {
    saved: { icon: <CheckCircleOutlined />, color: 'success' },
    pending: { icon: <CloudSyncOutlined />, color: 'default' },
    saving: { icon: <SyncOutlined spin />, color: 'processing' },
    failed: { icon: <ExclamationCircleOutlined />, color: 'error' },
    conflict: { icon: <ExclamationCircleOutlined />, color: 'error' },
  };

  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <header style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 16px', background: '#fff' }}>
        <Flex align="center" gap={12} wrap>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => void navigate('/dashboard')}
            data-testid="editor-back"
          >
            {t('common.back')}
          </Button>
          <Typography.Title
            level={1}
            style={{ fontSize: 18, margin: 0, maxWidth: 360 }}
            ellipsis
            data-testid="editor-file"
          >
            {task.fileName}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="editor-languages">
            {languageName(task.originalLanguage, ui)} → {languageName(task.targetLanguage, ui)}
          </Typography.Text>
          <Tag color="blue" data-testid="editor-engine">
            {t(`tasks.engine.${task.translationService}`, { defaultValue: task.translationService })}
          </Tag>
          <Tag
            icon={saveBadge[saveState].icon}
            color={saveBadge[saveState].color}
            data-testid="save-state"
            data-state={saveState}
          >
            {t(`editor.save.${saveState}`)}
          </Tag>
          <span style={{ flex: 1 }} />
          <Tooltip title={t('editor.shortcuts.undo')}>
            <Button
              icon={<UndoOutlined />}
              disabled={readOnly || !state.past.length}
              onClick={() => dispatch({ type: 'undo' })}
              aria-label={t('editor.shortcuts.undo')}
              data-testid="editor-undo"
            />
          </Tooltip>
          <Tooltip title={t('editor.shortcuts.redo')}>
            <Button
              icon={<RedoOutlined />}
              disabled={readOnly || !state.future.length}
              onClick={() => dispatch({ type: 'redo' })}
              aria-label={t('editor.shortcuts.redo')}
              data-testid="editor-redo"
            />
          </Tooltip>
          <Tooltip title={t('editor.shortcuts.find')}>
            <Button
              icon={<SearchOutlined />}
              type={findOpen ? 'primary' : 'default'}
              onClick={() => setFindOpen((o) => !o)}
              aria-label={t('editor.shortcuts.find')}
              data-testid="editor-find"
            />
          </Tooltip>
          <Tooltip title={t('editor.shortcuts.help')}>
            <Button
              icon={<QuestionCircleOutlined />}
              onClick={() => setHelp(true)}
              aria-label={t('editor.shortcuts.help')}
              data-testid="editor-help"
            />
          </Tooltip>
          <Dropdown
            trigger={['click']}
            disabled={readOnly}
            menu={{
              items: [
                { key: 'srt', label: t('editor.export.srt') },
                { key: 'srt-both', label: t('editor.export.srtBilingual') },
                { key: 'srt-both-flipped', label: t('editor.export.srtBilingualFlipped') },
                { key: 'vtt', label: t('editor.export.vtt') },
                { key: 'vtt-both', label: t('editor.export.vttBilingual') },
              ].map((i) => ({ ...i, 'data-testid': `export-${i.key}` })),
              onClick: ({ key }) =>
                void exportAs(
                  key.startsWith('vtt') ? 'vtt' : 'srt',
                  key.includes('-both'),
                  !key.endsWith('-flipped'),
                ),
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
              onClick: ({ key }) => {
                if (key === 'dashboard') void navigate('/dashboard');
                else
                  logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
              },
            }}
          >
            <Button icon={<UserOutlined />}>{user?.name}</Button>
          </Dropdown>
        </Flex>
      </header>

      {saveState === 'conflict' ? (
        <Alert
          type="error"
          showIcon
          banner
          title={t('editor.save.conflictHint')}
          data-testid="save-conflict"
          action={
            <Button size="small" danger onClick={() => window.location.reload()}>
              {t('editor.save.reload')}
            </Button>
          }
        />
      ) : null}
      {saveState === 'failed' ? (
        <Alert type="warning" showIcon banner title={t('editor.save.failedHint')} />
      ) : null}
      {task.status === 'translating' ? (
        <Alert
          type="info"
          showIcon
          banner
          data-testid="editor-translating"
          title={
            <Flex align="center" gap={12}>
              <span>{t('editor.translating')}</span>
              <Progress percent={task.translationProgress} size="small" style={{ width: 200, margin: 0 }} />
            </Flex>
          }
        />
      ) : null}
      {task.status === 'failed' ? (
        <Alert type="error" showIcon banner title={t('tasks.translationFailed')} />
      ) : null}

      {findOpen ? (
        <FindReplace
          value={find}
          onChange={setFind}
          matches={matchCount}
          lines={matches.length}
          readOnly={readOnly}
          onNext={() => findStep(1)}
          onPrevious={() => findStep(-1)}
          onReplaceAll={doReplaceAll}
          ref={findInput}
        />
      ) : null}

      <Flex align="center" gap={16} wrap style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text type="secondary" data-testid="segment-count">
          {t('editor.count', { count: state.segments.length })}
        </Typography.Text>
        <Space>
          <Switch
            size="small"
            checked={onlyFlagged}
            onChange={setOnlyFlagged}
            data-testid="only-flagged"
            id="only-flagged"
          />
          <label htmlFor="only-flagged">{t('editor.onlyFlagged', { count: flags.size })}</label>
          <Button
            size="small"
            type="link"
            icon={<SettingOutlined />}
            onClick={() => setRulesOpen(true)}
            data-testid="quality-open"
          >
            {t('editor.quality.open')}
          </Button>
        </Space>
        <Button
          size="small"
          icon={<SyncOutlined />}
          disabled={!selected.size || readOnly}
          onClick={() => void runRetranslate([...selected].sort((a, b) => a - b).slice(0, 50))}
          data-testid="retranslate-selected"
        >
          {t('editor.retranslateSelected', { count: selected.size })}
        </Button>
        {selected.size ? (
          <Button size="small" type="link" onClick={() => setSelected(new Set())}>
            {t('editor.clearSelection')}
          </Button>
        ) : null}
      </Flex>

      {task.kind === 'media' ? (
        <section
          aria-label={t('editor.media.title')}
          style={{ display: 'flex', justifyContent: 'center', padding: 8, background: '#fafafa' }}
        >
          <div style={{ width: 'min(560px, 100%)' }}>
            <MediaPlayer
              ref={player}
              taskId={task.id}
              segments={state.segments}
              showOriginal={task.includeOriginalText}
              onActive={followPlayback}
            />
          </div>
        </section>
      ) : null}
      <div
        role="row"
        style={{
          display: 'grid',
          gridTemplateColumns: ROW_GRID,
          gap: 8,
          padding: '6px 12px',
          background: '#fafafa',
          borderBottom: '1px solid #f0f0f0',
          fontWeight: 600,
          fontSize: 13,
        }}
      >
        <span />
        <span>#</span>
        <span>{t('editor.col.time')}</span>
        <span>{t('editor.col.original')}</span>
        <span>{t('editor.col.translation')}</span>
        <span />
      </div>
      <main ref={listRef} style={{ flex: 1, overflow: 'auto' }} data-testid="segment-list">
        {rows.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ padding: 24, textAlign: 'center' }}>
            {onlyFlagged ? t('editor.noFlagged') : t('editor.noData')}
          </Typography.Paragraph>
        ) : noVirtual ? (
          // ?virtual=off renders every row: only for the benchmark's comparison
          rows.map((seg) => (
            <SegmentRow
              key={seg.id}
              seg={seg}
              flags={flags.get(seg.id)?.join(',') ?? ''}
              selected={selected.has(seg.id)}
              busy={busy.has(seg.id)}
              readOnly={readOnly}
              current={current === seg.id}
              handlers={handlers}
            />
          ))
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const seg = rows[item.index]!;
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <SegmentRow
                    seg={seg}
                    flags={flags.get(seg.id)?.join(',') ?? ''}
                    selected={selected.has(seg.id)}
                    busy={busy.has(seg.id)}
                    readOnly={readOnly}
                    current={current === seg.id}
                    handlers={handlers}
                  />
                </div>
              );
            })}
          </div>
        )}
      </main>

      <SegmentModal
        segment={editingIndex >= 0 ? state.segments[editingIndex]! : null}
        previous={state.segments[editingIndex - 1]}
        next={editingIndex >= 0 ? state.segments[editingIndex + 1] : undefined}
        readOnly={readOnly}
        onClose={() => setEditing(null)}
        onSave={(v) => {
          const id = editing!;
          dispatch({
            type: 'change',
            changes: [
              { id, field: 'originalText', after: v.originalText },
              { id, field: 'translatedText', after: v.translatedText },
              { id, field: 'startMs', after: v.startMs },
              { id, field: 'endMs', after: v.endMs },
            ],
          });
          setEditing(null);
        }}
      />
      <ShortcutsHelp open={help} onClose={() => setHelp(false)} />
      <QualitySettings
        open={rulesOpen}
        rules={rules}
        onClose={() => setRulesOpen(false)}
        onSave={(next) => {
          setRules(next);
          storeRules(next);
          setRulesOpen(false);
        }}
      />
    </div>
  );
}
