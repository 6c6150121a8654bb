import { useTranslation } from 'react-i18next';
import type { ReviewComment } from '@subtrans/contract';
import type { Thread } from '../lib/review-lines';
import { useDateFormat } from '../lib/dates';
import { Badge } from './review-ui';

function Entry({ comment }: { comment: ReviewComment }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <>
      <div className="review-comment-head">
        {/* the owner is only ever "the owner": the page tells nothing of their account */}
        {comment.byOwner ? (
          <Badge tone="blue" className="review-owner" testId="review-owner">
            {t('review.owner')}
          </Badge>
        ) : (
          <strong className="review-author">{comment.author}</strong>
        )}
        <time dateTime={comment.createdAt}>{date(comment.createdAt, 'short')}</time>
        {comment.resolvedAt ? (
          <Badge tone="success" testId="review-resolved">
            {t('review.resolved')}
          </Badge>
        ) : null}
      </div>
      <p className="review-comment-body">{comment.body}</p>
    </>
  );
}

/** A line's comments, each with the owner's answers under it. */
export function CommentThread({ threads }: { threads: readonly Thread[] }) {
  const { t } = useTranslation();
  return (
    <ul className="review-thread" aria-label={t('review.comments')} data-testid="review-thread">
      {threads.map(({ comment, answers }) => (
        <li
          key={comment.id}
          className={comment.resolvedAt ? 'review-comment is-resolved' : 'review-comment'}
          data-testid="review-comment"
        >
          <Entry comment={comment} />
          {answers.length ? (
            <ul className="review-answers">
              {answers.map((a) => (
                <li key={a.id} className="review-comment review-answer" data-testid="review-answer">
                  <Entry comment={a} />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
