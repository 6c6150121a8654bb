import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Spin, Switch, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OwnerReview } from '@subtrans/contract';
import { approveTask } from '../api/review';
import { groupThreads, openCount, type LineThreads } from '../lib/review-threads';
import { formatWhen } from './review-links';
import { ReviewThreadCard } from './review-thread';
import { PHONE_QUERY } from './segment-row';
import './review.css';

/** A line as the panel names it: its number now and its translation. */
export interface ReviewLineInfo {
  /** its index among the task's lines */
  place: number;
  number: number;
  text: string;
}

/** the panel's width; the page leaves it this much room on a wide screen (review.css) */
export const REVIEW_PANEL_SIZE = 'min(440px, 45vw)';

/** "Mark approved", or "Approved ✓" with its undo. */
function ApproveToggle(props: { taskId: string; approvedAt: string | null }) {
  const { taskId, approvedAt } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const set = async (approved: boolean) => {
    setBusy(true);
    try {
      await approveTask(client, taskId, approved);
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      setBusy(false);
    }
  };
  if (approvedAt === null)
    return (
      <Button
        size="small"
        icon={<CheckOutlined />}
        loading={busy}
        onClick={() => void set(true)}
        data-testid="review-approve"
      >
        {t('editor.review.comments.approve')}
      </Button>
    );
  return (
    <span className="review-approved" data-testid="review-approved">
      <Tag
        color="success"
        title={t('editor.review.comments.approvedOn', { date: formatWhen(approvedAt) })}
        style={{ marginInlineEnd: 0 }}
      >
        {t('editor.review.comments.approved')}
      </Tag>
      <Button
        size="small"
        type="link"
        loading={busy}
        onClick={() => void set(false)}
        data-testid="review-unapprove"
      >
        {t('editor.review.comments.undoApprove')}
      </Button>
    </span>
  );
}

/** One line's threads under its number and translation (a button to the line), or "gone". */
function LineGroup(props: {
  taskId: string;
  group: LineThreads;
  line: ReviewLineInfo | undefined;
  focused: boolean;
  onGoTo: (segmentId: number) => void;
}) {
  const { group, line, onGoTo } = props;
  const { t } = useTranslation();
  const goTo = line ? () => onGoTo(group.segmentId) : undefined;
  return (
    <section
      className="review-line"
      data-review-line={group.segmentId}
      data-focused={props.focused || undefined}
      data-testid={`review-line-${group.segmentId}`}
    >
      {line ? (
        <button
          type="button"
          className="review-line-head"
          onClick={goTo}
          title={t('editor.review.comments.goTo', { number: line.number })}
          data-testid="review-goto"
        >
          <strong>{t('editor.review.comments.line', { number: line.number })}</strong>
          <span className="review-line-text">{line.text}</span>
        </button>
      ) : (
        <div className="review-line-head review-line-gone" data-testid="review-line-gone">
          <Tag style={{ marginInlineEnd: 0 }}>{t('editor.review.comments.lineGone')}</Tag>
        </div>
      )}
      {group.threads.map((thread) => (
        <ReviewThreadCard key={thread.comment.id} taskId={props.taskId} thread={thread} onGoTo={goTo} />
      ))}
    </section>
  );
}

/**
 * Issue 40 §2: the reviewers' comments beside the lines, grouped by line in the lines' order (a
 * line no longer in the task last, said so), each with its answers, an answer box and resolve /
 * reopen; "open only"; the task's approval. A click on a line's thread goes to the line (on a
 * phone the panel, as wide as the screen, closes first). On a wide screen the lines stay usable
 * beside it (no mask, no focus trap).
 */
export function ReviewPanel(props: {
  taskId: string;
  open: boolean;
  /** the line whose comments to show first (a row's badge), or null */
  focus: number | null;
  review: OwnerReview | undefined;
  error: unknown;
  onRetry: () => void;
  lineOf: (segmentId: number) => ReviewLineInfo | undefined;
  onGoTo: (segmentId: number) => void;
  onClose: () => void;
}) {
  const { taskId, review, lineOf, focus, open, onGoTo, onClose } = props;
  const { t } = useTranslation();
  const [phone] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches,
  );
  const [openOnly, setOpenOnly] = useState(false);
  const comments = review?.comments;
  const groups = useMemo(
    () => groupThreads(comments ?? [], (id) => lineOf(id)?.place, openOnly),
    [comments, lineOf, openOnly],
  );
  const open_ = comments ? openCount(comments) : 0;

  // a row's badge: its line's threads brought into view
  useEffect(() => {
    if (!open || focus === null) return;
    const frame = requestAnimationFrame(() =>
      document.querySelector(`[data-review-line="${focus}"]`)?.scrollIntoView?.({ block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [open, focus, groups.length]);

  const goTo = (id: number) => {
    if (phone) onClose();
    onGoTo(id);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={phone ? '100vw' : REVIEW_PANEL_SIZE}
      mask={phone}
      title={t('editor.review.comments.title')}
      extra={review ? <ApproveToggle taskId={taskId} approvedAt={review.approvedAt} /> : null}
      className="review-panel"
      data-testid="review-panel"
    >
      <div className="review-panel-bar">
        <label className="review-open-only">
          <Switch size="small" checked={openOnly} onChange={setOpenOnly} data-testid="review-open-only" />
          {t('editor.review.comments.openOnly')}
        </label>
        <Typography.Text type="secondary" data-testid="review-open-count">
          {t('editor.review.comments.label', { count: open_ })}
        </Typography.Text>
      </div>
      {props.error && !review ? (
        <Alert
          type="error"
          showIcon
          title={props.error instanceof Error ? props.error.message : t('editor.review.comments.loadFailed')}
          action={
            <Button size="small" onClick={props.onRetry}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !review ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : groups.length ? (
        groups.map((group) => (
          <LineGroup
            key={group.segmentId}
            taskId={taskId}
            group={group}
            line={lineOf(group.segmentId)}
            focused={focus === group.segmentId}
            onGoTo={goTo}
          />
        ))
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            openOnly && review.comments.length
              ? t('editor.review.comments.emptyOpen')
              : t('editor.review.comments.empty')
          }
        />
      )}
    </Drawer>
  );
}
