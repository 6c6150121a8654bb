import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EDITOR_COMMENTS_PARAM } from '../../../lib/paths';
import { useReviewComments } from '../api/review';
import { ReviewActions } from '../components/review-actions';
import { ReviewPanel, type ReviewLineInfo } from '../components/review-panel';
import type { EditorState } from '../lib/editor-state';
import { commentCounts, openCount } from '../lib/review-threads';

/**
 * Issue 40 §2 in the editor: the reviewers' comments (asked again on focus and every 30 s), each
 * line's count for its row, the header's actions (share, comments) and the comments' panel, which
 * opens from the header, a row's badge, or the task list's link (`?comments=open`).
 */
export function useReview(opts: {
  taskId: string;
  enabled: boolean;
  lines: Pick<EditorState, 'segments' | 'index'>;
  numberOf: (id: number) => number;
  /** selects a line and scrolls to it */
  goTo: (id: number) => void;
}) {
  const { taskId, lines, numberOf, goTo } = opts;
  const [params] = useSearchParams();
  const comments = useReviewComments(taskId, opts.enabled);
  const [panel, setPanel] = useState<{ open: boolean; focus: number | null }>(() => ({
    open: params.get(EDITOR_COMMENTS_PARAM) === 'open',
    focus: null,
  }));
  const data = comments.data;
  const counts = useMemo(() => commentCounts(data?.comments ?? []), [data]);
  const open = data ? openCount(data.comments) : 0;
  const commentsOf = useCallback((id: number) => counts.get(id), [counts]);
  const openAt = useCallback((id: number | null) => setPanel({ open: true, focus: id }), []);
  const close = useCallback(() => setPanel((p) => ({ ...p, open: false })), []);
  const { segments, index } = lines;
  const lineOf = useCallback(
    (id: number): ReviewLineInfo | undefined => {
      const place = index.get(id);
      const seg = place === undefined ? undefined : segments[place];
      return seg && place !== undefined
        ? { place, number: numberOf(id), text: seg.translatedText || seg.originalText }
        : undefined;
    },
    [segments, index, numberOf],
  );
  const action = useMemo(
    () => <ReviewActions taskId={taskId} openComments={open} onComments={() => openAt(null)} />,
    [taskId, open, openAt],
  );
  const { refetch } = comments;
  const element = panel.open ? (
    <ReviewPanel
      taskId={taskId}
      open
      focus={panel.focus}
      review={data}
      error={comments.error}
      onRetry={() => void refetch()}
      lineOf={lineOf}
      onGoTo={goTo}
      onClose={close}
    />
  ) : null;
  return { commentsOf, openAt, action, panel: element, panelOpen: panel.open };
}
