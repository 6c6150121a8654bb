import { useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Flex, Progress, Result, Spin, Typography, type InputRef } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import {
  ErrorCodes,
  type ExportFormat,
  type RetranslateAnswer,
  type SegmentPatch,
  type TaskLine,
} from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles/time';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useLogout, useSession } from '../../auth/api/session';
import { downloadTask } from '../../tasks/api/tasks';
import { forgetPrefetchedTask, saveSegments, useTaskDetail } from '../api/editor';
import { useRetranslate } from '../api/retranslate';
import { RetranslateAllowance } from '../components/retranslate-allowance';
import { EditorHeader, EditorToolbar, type ExportChoice, type SaveState } from '../components/editor-header';
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
import { createFlagCache, createFlagIndex, type Flag, type QualityRules } from '../lib/quality';
import { initialListRect, measureRow, observeListRect, scrollList } from '../lib/virtual-list';
import { createTypingSignal } from '../lib/typing-signal';
import { loadRules, QualitySettings, storeRules } from '../components/quality-settings';
import { MediaPlayer, type MediaPlayerHandle } from '../components/media-player';

const NO_FLAGS: ReadonlyMap<number, Flag[]> = new Map();
const NO_SEGMENTS: readonly EditSegment[] = [];

/** edits are saved this long after the last keystroke */
const SAVE_DEBOUNCE_MS = 800;
const RETRY_DELAYS_MS = [2000, 4000, 8000, 15000, 30000];

function toEdit([id, startMs, endMs, originalText, translatedText]: TaskLine): EditSegment {
  return { id, startMs, endMs, originalText, translatedText };
}

function toPatch(id: number, values: Partial<Record<Field, string | number>>): SegmentPatch {
  const patch: SegmentPatch = { id };
  if (values.originalText !== undefined) patch.originalText = String(values.originalText);
  if (values.translatedText !== undefined) patch.translatedText = String(values.translatedText);
  if (values.startMs !== undefined) patch.startTime = formatSrtTime(Number(values.startMs));
  if (values.endMs !== undefined) patch.endTime = formatSrtTime(Number(values.endMs));
  return patch;
}

/** true from the first time `open` is true: a dialog is built when it is first opened, not before */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
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

  // a task already loaded (the editor link's preload) is the first state: no first pass without rows
  const [state, dispatch] = useReducer(editorReducer, undefined, () =>
    initialState(task ? task.lines.map(toEdit) : []),
  );
  const loadedTask = useRef(task);
  const stateRef = useRef(state);
  stateRef.current = state;
  const versionRef = useRef(0);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [typing] = useState(createTypingSignal);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retryCount = useRef(0);
  /** server calls run one after another (a save and a re-translation never race on the version) */
  const chain = useRef<Promise<unknown>>(Promise.resolve());
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
    if (task === loadedTask.current) return;
    loadedTask.current = task;
    dispatch({ type: 'load', segments: task.lines.map(toEdit) });
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
    // the keys typed have reached the state; the badge follows saveState again (lowered only once
    // saveState says "pending", so it never shows "saved" for a moment in between)
    if (!dirtyCount || saveState !== 'saved') typing.set(false);
    if (!dirtyCount && saveState === 'pending') setSaveState('saved');
    if (!dirtyCount || saveState === 'conflict' || saveState === 'saving') return;
    // a failed save is already waiting for its retry
    if (saveState === 'failed' && saveTimer.current) return;
    if (saveState === 'saved') setSaveState('pending');
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void saveRef.current(), SAVE_DEBOUNCE_MS);
  }, [state.segments, dirtyCount, saveState, typing]);

  // nothing typed is lost by leaving: warn on close/reload and on in-app navigation
  const unsaved = dirtyCount > 0 || saveState === 'saving';
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  useEffect(() => {
    // also for a key whose change has not reached the state yet (the typing signal)
    const warn = (e: BeforeUnloadEvent) => {
      if (unsavedRef.current || typing.get()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [typing]);
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
      // the time is taken here: React may run the reducer again (a transition interrupted by the next key)
      dispatch({ type: 'change', changes: [{ id, field, after: value }], typing, now: Date.now() });
    },
    [message, t],
  );

  const applyRetranslation = useCallback((answer: RetranslateAnswer) => {
    versionRef.current = Math.max(versionRef.current, answer.version);
    const ok = answer.results.filter((r) => r.success);
    if (ok.length)
      dispatch({
        type: 'change',
        changes: ok.map((r) => ({ id: r.id, field: 'translatedText' as const, after: r.translatedText })),
      });
  }, []);
  const { busy, run: runRetranslate } = useRetranslate(taskId, { save, enqueue, apply: applyRetranslation });

  const busyRef = useRef(runRetranslate);
  busyRef.current = runRetranslate;
  // audio/video tasks: choosing a segment moves the player there
  const player = useRef<MediaPlayerHandle>(null);
  const handlers = useMemo<RowHandlers>(
    () => ({
      change,
      // only while all is saved: otherwise the badge and the leave warning already say so
      typing: () => {
        if (!unsavedRef.current) typing.set(true);
      },
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
    [change, typing],
  );

  // find's matches follow the text without slowing typing down (a search of every line), and
  // only while a search is open: otherwise each key would cost a second render for nothing
  const searching = findOpen && find.query !== '';
  const deferred = useDeferredValue(searching ? state.segments : NO_SEGMENTS);
  const [rules, setRules] = useState(loadRules);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [flagCache] = useState(() => createFlagCache(rules));
  const [flagIndex] = useState(() => createFlagIndex(flagCache));
  // the first check of every line waits until the rows are on screen (a frame later): with a
  // feature-length file it would otherwise hold the first paint back
  const [checking, setChecking] = useState(false);
  const hasSegments = state.segments.length > 0;
  useEffect(() => {
    if (checking || !hasSegments) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setChecking(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [checking, hasSegments]);
  // every line's flags (the count and the filter), kept up to date line by line as one types
  const flags = useMemo(
    () => (checking ? flagIndex(state.segments, rules) : NO_FLAGS),
    [checking, flagIndex, state.segments, rules],
  );
  // a row on screen reads its own flags from the same cache (before the first pass too)
  const flagOf = (id: number) => {
    const i = state.index.get(id);
    return i === undefined ? '' : flagCache.at(state.segments, i, rules).join(',');
  };
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
    estimateSize: () => 75,
    overscan: 6,
    getItemKey,
    // sizes from ResizeObservers, never read in the middle of a render (virtual-list.ts)
    initialRect: initialListRect(),
    observeElementRect: observeListRect,
    measureElement: measureRow,
    scrollToFn: scrollList,
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

  // the header's and toolbar's callbacks stay the same from render to render (they are memoised)
  const exportRef = useRef(exportAs);
  exportRef.current = exportAs;
  const onExport = useCallback(
    (choice: ExportChoice) =>
      void exportRef.current(
        choice.startsWith('vtt') ? 'vtt' : 'srt',
        choice.includes('-both'),
        !choice.endsWith('-flipped'),
      ),
    [],
  );
  const goBack = useCallback(() => void navigate('/dashboard'), [navigate]);
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  const onUserMenu = useCallback(
    (key: 'dashboard' | 'logout') => {
      if (key === 'dashboard') void navigate('/dashboard');
      else
        logoutRef.current.mutate(undefined, {
          onSettled: () => void navigate('/login', { replace: true }),
        });
    },
    [navigate],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const toggleFind = useCallback(() => setFindOpen((o) => !o), []);
  const openHelp = useCallback(() => setHelp(true), []);
  const closeHelp = useCallback(() => setHelp(false), []);
  const openRules = useCallback(() => setRulesOpen(true), []);
  const closeRules = useCallback(() => setRulesOpen(false), []);
  const saveRules = useCallback((next: QualityRules) => {
    setRules(next);
    storeRules(next);
    setRulesOpen(false);
  }, []);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const retranslateSelected = useCallback(
    () => void busyRef.current([...selectedRef.current].sort((a, b) => a - b).slice(0, 50)),
    [],
  );
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const closeEditing = useCallback(() => setEditing(null), []);
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const saveEditing = useCallback(
    (v: { originalText: string; translatedText: string; startMs: number; endMs: number }) => {
      const id = editingRef.current;
      if (id === null) return;
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
    },
    [],
  );

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

  const editedOnce = useOpenedOnce(editing !== null);
  const helpOnce = useOpenedOnce(help);
  const rulesOnce = useOpenedOnce(rulesOpen);

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

  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <EditorHeader
        fileName={task.fileName}
        originalLanguage={task.originalLanguage}
        targetLanguage={task.targetLanguage}
        translationService={task.translationService}
        ui={ui}
        saveState={saveState}
        typing={typing}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        readOnly={readOnly}
        findOpen={findOpen}
        userName={user?.name}
        onBack={goBack}
        onUndo={undo}
        onRedo={redo}
        onToggleFind={toggleFind}
        onHelp={openHelp}
        onExport={onExport}
        onUserMenu={onUserMenu}
      />

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
      <RetranslateAllowance enabled={!readOnly} />
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

      <EditorToolbar
        segmentCount={state.segments.length}
        flaggedCount={flags.size}
        onlyFlagged={onlyFlagged}
        selectedCount={selected.size}
        readOnly={readOnly}
        onOnlyFlagged={setOnlyFlagged}
        onOpenRules={openRules}
        onRetranslateSelected={retranslateSelected}
        onClearSelection={clearSelection}
      />

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
              flags={flagOf(seg.id)}
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
                    flags={flagOf(seg.id)}
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

      {/* dialogs are built when first opened (not on the first paint), then kept for their animations */}
      {editedOnce ? (
        <SegmentModal
          segment={editingIndex >= 0 ? state.segments[editingIndex]! : null}
          previous={editingIndex >= 0 ? state.segments[editingIndex - 1] : undefined}
          next={editingIndex >= 0 ? state.segments[editingIndex + 1] : undefined}
          readOnly={readOnly}
          onClose={closeEditing}
          onSave={saveEditing}
        />
      ) : null}
      {helpOnce ? <ShortcutsHelp open={help} onClose={closeHelp} /> : null}
      {rulesOnce ? (
        <QualitySettings open={rulesOpen} rules={rules} onClose={closeRules} onSave={saveRules} />
      ) : null}
    </div>
  );
}
