import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { DETECT_STATUS } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { isTaskId } from '../../../lib/paths';
import { BriefDialog } from '../../../components/brief/brief-dialog';
import { forgetPrefetchedTask, reapply, useTaskDetail } from '../api/editor';
import { useRetranslate } from '../api/retranslate';
import { EditorHeader } from '../components/editor-header';
import { EditorToolbar } from '../components/editor-toolbar';
import { EditorBanners, EditorLoadError } from '../components/editor-banners';
import { FindReplace } from '../components/find-replace';
import { EditorMedia } from '../components/editor-media';
import type { MediaPlayerHandle } from '../components/media-player';
import { SegmentList } from '../components/segment-list';
import { EditorDialogs } from '../components/editor-dialogs';
import { RenderAction } from '../components/render-action';
import './editor-page.css';
import { useAccountMenu } from '../hooks/use-account-menu';
import { useAutosave } from '../hooks/use-autosave';
import { useEditorDocument } from '../hooks/use-editor-document';
import { useLatest } from '../hooks/use-latest';
import { useExport } from '../hooks/use-export';
import { nextMatch, useFindReplace } from '../hooks/use-find-replace';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { useLineNavigation } from '../hooks/use-line-navigation';
import { useRowHandlers } from '../hooks/use-row-handlers';
import { useReview } from '../hooks/use-review';
import { useQualityFlags } from '../hooks/use-quality-flags';
import { selectedIn, useSelection } from '../hooks/use-selection';
import { useShortcuts } from '../hooks/use-shortcuts';
import { useLineEdits } from '../hooks/use-line-edits';
import { useTimingEdits } from '../hooks/use-timing-edits';
import { useVisibleRows } from '../hooks/use-visible-rows';
import { numberIn, useListPreview } from '../hooks/use-list-preview';
import { linesToReview } from '../lib/quality';
import { useContinueTask } from '../../../components/parts/use-continue-task';
import { pointsQueryKey } from '../../../lib/points';

/** the brief's dialog, not rendered again by an edit of the lines (it is closed nearly always) */
const EditorBrief = memo(BriefDialog);

/**
 * /edit/{taskId}: source and translation side by side (on a phone, one under the other), saved as
 * you type, re-translation of single lines or a selection, undo/redo, find and replace, quality
 * flags, lines to review (a filter with its count; the editor opens on all lines), keyboard
 * navigation, export; the list is virtualised and follows a task that is still translating.
 */
export default function EditorPage() {
  usePageMeta('editor');
  const { taskId = '' } = useParams();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const menu = useAccountMenu();
  const detail = useTaskDetail(taskId);
  // leaving this editor: the next one asks the server (the prefetched copy may predate our edits)
  useEffect(() => forgetPrefetchedTask, []);
  const task = detail.data;
  const readOnly = !task || task.status !== 'completed';
  const client = useQueryClient();
  // issue 34: the rest of a partly translated task, from here (this editor's edits saved first)
  const rest = useContinueTask(async () => {
    await detail.refetch();
    await client.invalidateQueries({ queryKey: pointsQueryKey });
  });

  const doc = useEditorDocument(task);
  const { state, dispatch, stateRef } = doc;
  const onRefused = useCallback((text: string) => void message.error(text), [message]);
  const { refetch } = detail;
  const reload = useCallback(() => void refetch(), [refetch]);
  const { saveState, save, enqueue, typing, unsaved, resolve } = useAutosave({
    taskId,
    doc,
    onRefused,
    onReload: reload,
  });
  const unsavedRef = useLeaveWarning(unsaved, typing);
  const { versionRef } = doc;
  const heldVersion = useCallback(() => versionRef.current, [versionRef]);
  const { busy, run: retranslate } = useRetranslate(taskId, {
    save,
    enqueue,
    apply: doc.applyRetranslation,
    version: heldVersion,
  });
  const retranslateRef = useLatest(retranslate);
  const selection = useSelection();
  const quality = useQualityFlags(state, task?.targetLanguage);
  const { review, applyRetranslation } = doc;
  // issue 36: the server's flags and the timing faults (which change with every time edit)
  const toReview = useMemo(() => linesToReview(review, quality.flags), [review, quality.flags]);
  const { rows, rowIds, filter, setFilter } = useVisibleRows(state, quality.flags, toReview, taskId);
  const { list, current, setCurrent, follow, step, reveal } = useLineNavigation(rows);
  const showAll = useCallback(() => setFilter('all'), [setFilter]);
  const reviewOf = useCallback((id: number) => review.get(id) ?? '', [review]);
  // a split or merge renumbers every line after it: those rows show their new numbers a frame
  // later (a transition, as the quality flags), so the key's own render draws only the lines it
  // changed and moves the rest (npm run bench editor-structure); a new line is numbered at once
  const shownIndex = useDeferredValue(state.index);
  const numberOf = useMemo(() => numberIn(shownIndex, state.index), [shownIndex, state.index]);
  const { inputRef: findInput, ...find } = useFindReplace(state.segments, dispatch);
  const [editing, setEditing] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [briefOpen, setBriefOpen] = useState(false);
  const [timingOpen, setTimingOpen] = useState(false);
  const [timingTab, setTimingTab] = useState<'fix' | undefined>(undefined);
  const openTiming = useCallback(() => {
    setTimingTab(undefined);
    setTimingOpen(true);
  }, []);
  const onOrphans = useCallback((restore: boolean) => dispatch({ type: 'orphans', restore }), [dispatch]);
  // audio/video tasks: choosing a segment moves the player there; a split cuts at its playhead
  const player = useRef<MediaPlayerHandle>(null);
  const playhead = useCallback(() => player.current?.playhead() ?? null, []);

  // why the lines cannot change now, or null
  const linesLocked = readOnly ? t('editor.translating') : task?.partial ? t('editor.lines.partial') : null;
  // a timing flag's click: fix timing, or why the lines cannot change
  const fixTimingRef = useLatest(
    linesLocked
      ? () => void message.info(linesLocked)
      : () => {
          setTimingTab('fix');
          setTimingOpen(true);
        },
  );
  const handlers = useRowHandlers({
    doc,
    typing,
    unsavedRef,
    player,
    setCurrent,
    toggle: selection.toggle,
    retranslateRef,
    edit: setEditing,
    fixTimingRef,
  });

  const findStep = (delta: number) => {
    const id = find.step(current, delta);
    if (id !== undefined) reveal(id, showAll);
  };
  /** F8 / Shift+F8: the next or previous line to review, going round (the export never waits on them) */
  const reviewStep = (delta: number) => {
    // read when asked (a list of every line's id built on each render cost every split and merge)
    const reviewIds = stateRef.current.segments.flatMap((s) => (toReview.has(s.id) ? [s.id] : []));
    const id = nextMatch(reviewIds, current, delta);
    if (id !== undefined) reveal(id, showAll);
  };
  const replaceEvery = () => {
    const done = find.replaceEvery();
    if (done) void message.success(t('editor.find.replaced', done));
  };

  const onExport = useExport(taskId, stateRef, save);
  const restRef = useLatest(rest);
  const continueRest = useCallback(
    () => void save().then(() => restRef.current.continueTask(taskId)),
    [save, restRef, taskId],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);
  const redo = useCallback(() => dispatch({ type: 'redo' }), [dispatch]);
  const openHelp = useCallback(() => setHelp(true), []);
  const closeHelp = useCallback(() => setHelp(false), []);
  const openRules = useCallback(() => setRulesOpen(true), []);
  const closeRules = useCallback(() => setRulesOpen(false), []);
  const openBrief = useCallback(() => setBriefOpen(true), []);
  const closeBrief = useCallback(() => setBriefOpen(false), []);
  /** re-applying the brief: this editor's edits saved first, the lines it changed taken in like re-translation's */
  const reapplyBrief = useCallback(async () => {
    await save();
    const answer = await enqueue(() => reapply(taskId));
    applyRetranslation(answer);
    return answer;
  }, [save, enqueue, taskId, applyRetranslation]);
  const { first: firstSelected } = selection;
  const retranslateSelected = useCallback(
    () => void retranslateRef.current(firstSelected(50)),
    [firstSelected, retranslateRef],
  );
  const closeEditing = useCallback(() => setEditing(null), []);
  const editingRef = useLatest(editing);
  const saveEditing = useCallback(
    (v: { originalText: string; translatedText: string; startMs: number; endMs: number }) => {
      const id = editingRef.current;
      if (id === null) return;
      const fields = ['originalText', 'translatedText', 'startMs', 'endMs'] as const;
      dispatch({ type: 'change', changes: fields.map((field) => ({ id, field, after: v[field] })) });
      setEditing(null);
    },
    [dispatch, editingRef],
  );

  // issue 40: the video with its lines; its preview shows the current line when it opens
  const currentRef = useLatest(current);
  const currentLine = useCallback(() => currentRef.current, [currentRef]);
  const status = task?.status ?? '';
  const renderAction = useMemo(
    () => <RenderAction taskId={taskId} taskStatus={status} currentLine={currentLine} save={save} />,
    [taskId, status, currentLine, save],
  );

  // issue 40 §2: reviewers' comments beside the lines, their count in each row, share for review
  const goTo = useCallback((id: number) => reveal(id, showAll), [reveal, showAll]);
  const comments = useReview({ taskId, enabled: !!task, lines: state, numberOf, goTo });
  const rowHandlers = useMemo(
    () => ({ ...handlers, comments: comments.openAt }),
    [handlers, comments.openAt],
  );

  const onLine = current !== null && !readOnly;
  // issue 35: lines split, merged, inserted, deleted (not while translating, nor on a task translated in part)
  // stable between keys: the toolbar is memoised
  const selectedIds = useCallback(
    () => selectedIn(stateRef.current.segments, selection.selected),
    [stateRef, selection.selected],
  );
  const source = task?.detectedLanguage ?? task?.originalLanguage ?? '';
  const target = task?.targetLanguage ?? '';
  const languages = useMemo(() => ({ source, target }), [source, target]);
  const preview = useListPreview({ list, filter, flagOfIn: quality.flagOfIn, shownIndex });
  const lines = useLineEdits({
    doc,
    preview,
    current,
    selected: selectedIds,
    clearSelection: selection.clear,
    languages,
    locked: linesLocked,
    openTiming,
    playhead,
  });
  const timing = useTimingEdits(doc);
  useShortcuts({
    ...lines,
    next: () => step(1),
    previous: () => step(-1),
    nextReview: () => reviewStep(1),
    previousReview: () => reviewStep(-1),
    edit: onLine ? () => setEditing(current) : undefined,
    retranslate: onLine ? () => void retranslate([current]) : undefined,
    save: () => void save(),
    undo: readOnly ? undefined : undo,
    redo: readOnly ? undefined : redo,
    find: find.openAndFocus,
    help: openHelp,
  });

  if (!isTaskId(taskId)) return <EditorLoadError error={null} />;
  if (detail.isError) return <EditorLoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!task) {
    return (
      <Flex justify="center" style={{ padding: 96 }}>
        <Spin size="large" />
      </Flex>
    );
  }

  return (
    <div className="editor-page" data-review-panel={comments.panelOpen || undefined}>
      <EditorHeader
        fileName={task.fileName}
        originalLanguage={task.originalLanguage}
        targetLanguage={task.targetLanguage}
        translationService={task.translationService}
        sourceFormat={task.sourceFormat}
        ui={currentLanguage()}
        saveState={saveState}
        typing={typing}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        readOnly={readOnly}
        findOpen={find.open}
        userName={menu.userName}
        onBack={menu.goBack}
        onUndo={undo}
        onRedo={redo}
        onToggleFind={find.toggle}
        onHelp={openHelp}
        onExport={onExport}
        onUserMenu={menu.onUserMenu}
        renderAction={renderAction}
        reviewAction={comments.action}
      />
      <EditorBanners
        saveState={saveState}
        conflicts={state.conflicts}
        onResolve={resolve}
        orphans={state.orphans}
        onOrphans={onOrphans}
        readOnly={readOnly}
        task={task}
        continuing={rest.busy === task.id}
        onContinue={continueRest}
      />
      {find.open ? (
        <FindReplace
          value={find.find}
          onChange={find.setFind}
          matches={find.matchCount}
          lines={find.matches.length}
          readOnly={readOnly}
          onNext={() => findStep(1)}
          onPrevious={() => findStep(-1)}
          onReplaceAll={replaceEvery}
          ref={findInput}
        />
      ) : null}
      <EditorToolbar
        segmentCount={state.segments.length}
        flaggedCount={quality.flags.size}
        reviewCount={toReview.size}
        filter={filter}
        selectedCount={selection.selected.size}
        readOnly={readOnly}
        onFilter={setFilter}
        onOpenRules={openRules}
        onOpenBrief={openBrief}
        onRetranslateSelected={retranslateSelected}
        onClearSelection={selection.clear}
        lines={lines}
        linesLocked={linesLocked}
      />
      {/* a file whose detection failed is no audio or video to play (its lines still have a timeline) */}
      <EditorMedia
        task={task}
        playable={
          task.kind === 'media' ? task.detectStatus !== DETECT_STATUS.failed : task.mediaType !== null
        }
        attachable={task.kind === 'srt'}
        segments={state.segments}
        index={state.index}
        current={current}
        locked={linesLocked}
        dispatch={dispatch}
        follow={follow}
        player={player}
      />
      <SegmentList
        ref={list}
        rows={rows}
        linesSeq={state.linesSeq}
        rowIds={rowIds}
        rowKeys={state.rowKeys}
        flagOf={quality.flagOf}
        reviewOf={reviewOf}
        commentsOf={comments.commentsOf}
        numberOf={numberOf}
        selected={selection.selected}
        busy={busy}
        readOnly={readOnly}
        translatedThrough={task.partial?.translatedThrough ?? null}
        current={current}
        handlers={rowHandlers}
        empty={
          filter === 'flagged'
            ? t('editor.noFlagged')
            : filter === 'review'
              ? t('editor.noReview')
              : t('editor.noData')
        }
      />

      <EditorDialogs
        state={state}
        readOnly={readOnly}
        editing={editing}
        onCloseEditing={closeEditing}
        onSaveEditing={saveEditing}
        help={help}
        onCloseHelp={closeHelp}
        rulesOpen={rulesOpen}
        target={task.targetLanguage}
        onCloseRules={closeRules}
        timing={{
          open: timingOpen && lines !== undefined,
          openOn: timingTab,
          onClose: () => setTimingOpen(false),
          current,
          selected: timingOpen ? selectedIn(state.segments, selection.selected) : [],
          target: task.targetLanguage,
          norms: quality.rules,
          onRetime: timing.retime,
          onSetTimes: timing.setTimes,
        }}
      />
      {comments.panel}
      <EditorBrief task={briefOpen ? task : null} mode="view" onClose={closeBrief} reapply={reapplyBrief} />
    </div>
  );
}
