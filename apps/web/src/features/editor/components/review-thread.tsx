import { memo, useState } from 'react';
import { Alert, Button, Input, Typography } from 'antd';
import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REVIEW_LIMITS, type ReviewComment } from '@subtrans/contract';
import { answerComment, keepComment, resolveComment } from '../api/review';
import type { ReviewThread } from '../lib/review-threads';
import { formatWhen } from './review-links';

/** One comment: who (a reviewer's name, or "You"), when, and what. */
function CommentBody({ comment }: { comment: ReviewComment }) {
  const { t } = useTranslation();
  return (
    <div className={comment.byOwner ? 'review-comment review-answer' : 'review-comment'}>
      <div className="review-comment-head">
        <Typography.Text strong>
          {comment.byOwner ? t('editor.review.comments.you') : (comment.author ?? '')}
        </Typography.Text>
        <Typography.Text type="secondary" className="review-comment-time">
          {formatWhen(comment.createdAt)}
        </Typography.Text>
      </div>
      <div className="review-comment-text">{comment.body}</div>
    </div>
  );
}

const messageOf = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

/**
 * A reviewer's comment with the owner's answers under it, an answer box (Ctrl/⌘+Enter sends) and
 * resolve / reopen. A click on the thread (not on its controls) goes to its line.
 */
export const ReviewThreadCard = memo(function ReviewThreadCard(props: {
  taskId: string;
  thread: ReviewThread;
  onGoTo?: () => void;
}) {
  const { taskId, thread, onGoTo } = props;
  const { comment } = thread;
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<'answer' | 'resolve' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resolved = comment.resolvedAt !== null;

  const answer = async () => {
    const body = text.trim();
    if (!body || busy) return;
    setBusy('answer');
    setError(null);
    try {
      keepComment(client, taskId, await answerComment(taskId, comment.id, body));
      setText('');
    } catch (e) {
      setError(messageOf(e, t('common.requestFailed')));
    } finally {
      setBusy(null);
    }
  };

  const resolve = async () => {
    setBusy('resolve');
    setError(null);
    try {
      keepComment(client, taskId, await resolveComment(taskId, comment.id, !resolved));
    } catch (e) {
      setError(messageOf(e, t('common.requestFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <article
      className="review-thread"
      data-resolved={resolved || undefined}
      data-testid={`review-thread-${comment.id}`}
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('button, textarea, a, input')) onGoTo?.();
      }}
    >
      <CommentBody comment={comment} />
      {thread.answers.map((a) => (
        <CommentBody key={a.id} comment={a} />
      ))}
      {resolved ? null : (
        <div className="review-answer-box">
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void answer();
              }
            }}
            placeholder={t('editor.review.comments.answerPlaceholder')}
            aria-label={t('editor.review.comments.answerLabel', { name: comment.author ?? '' })}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={REVIEW_LIMITS.maxCommentLength}
            disabled={busy === 'answer'}
            data-testid="review-answer-input"
          />
        </div>
      )}
      <div className="review-thread-actions">
        {resolved ? (
          <Typography.Text type="success" className="review-resolved">
            <CheckOutlined /> {t('editor.review.comments.resolved')}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" className="review-send-hint">
            {t('editor.review.comments.sendHint')}
          </Typography.Text>
        )}
        <span className="review-thread-buttons">
          {resolved ? null : (
            <Button
              size="small"
              type="primary"
              disabled={!text.trim()}
              loading={busy === 'answer'}
              onClick={() => void answer()}
              data-testid="review-answer-send"
            >
              {t('editor.review.comments.send')}
            </Button>
          )}
          <Button
            size="small"
            icon={resolved ? <UndoOutlined /> : <CheckOutlined />}
            loading={busy === 'resolve'}
            onClick={() => void resolve()}
            data-testid={resolved ? 'review-reopen' : 'review-resolve'}
          >
            {resolved ? t('editor.review.comments.reopen') : t('editor.review.comments.resolve')}
          </Button>
        </span>
      </div>
      {error ? (
        <Alert type="error" showIcon role="alert" title={error} data-testid="review-thread-error" />
      ) : null}
    </article>
  );
});
