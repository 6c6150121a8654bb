import { lazy, Suspense, useState } from 'react';
import { Badge, Button } from 'antd';
import { CommentOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

// its form and the links come when first opened, not with the editor
const ReviewShareDialog = lazy(() => import('./review-share-dialog'));

/**
 * Issue 40 §2 in the editor's header: "share for review" (its dialog), and the reviewers'
 * comments with the count of those still open (the panel beside the lines).
 */
export function ReviewActions(props: { taskId: string; openComments: number; onComments: () => void }) {
  const { t } = useTranslation();
  const [sharing, setSharing] = useState(false);
  const commentsLabel = t('editor.review.comments.label', { count: props.openComments });
  return (
    <>
      <Button
        icon={<ShareAltOutlined />}
        // its name on a phone too, where the words are hidden (editor-header.css)
        aria-label={t('editor.review.share.action')}
        onClick={() => setSharing(true)}
        data-testid="review-share-open"
      >
        <span className="review-action-label">{t('editor.review.share.action')}</span>
      </Button>
      <Badge count={props.openComments} size="small" offset={[-4, 2]}>
        <Button
          icon={<CommentOutlined />}
          aria-label={commentsLabel}
          title={commentsLabel}
          onClick={props.onComments}
          data-testid="review-comments-open"
        >
          <span className="review-action-label">{t('editor.review.comments.action')}</span>
        </Button>
      </Badge>
      {sharing ? (
        <Suspense fallback={null}>
          <ReviewShareDialog taskId={props.taskId} onClose={() => setSharing(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
