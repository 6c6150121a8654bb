import { Link } from 'react-router';
import { Tag } from 'antd';
import { CheckCircleOutlined, CommentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Task } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { editorCommentsPath } from '../../../lib/paths';

/**
 * Issue 40 §2: reviewers' comments not resolved yet (a link to the editor with its comments open),
 * and the owner's approval.
 */
export function TaskReviewTags({ task }: { task: Task }) {
  const { t } = useTranslation();
  if (task.openComments <= 0 && !task.approvedAt) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {task.openComments > 0 ? (
        <Link to={editorCommentsPath(task.id)} data-testid="task-open-comments">
          <Tag color="orange" icon={<CommentOutlined />} style={{ cursor: 'pointer', marginInlineEnd: 0 }}>
            {t('tasks.reviewState.openComments', { count: task.openComments })}
          </Tag>
        </Link>
      ) : null}
      {task.approvedAt ? (
        <Tag
          color="success"
          icon={<CheckCircleOutlined />}
          style={{ marginInlineEnd: 0 }}
          title={new Date(task.approvedAt).toLocaleString(currentLanguage())}
          data-testid="task-approved"
        >
          {t('tasks.reviewState.approved')}
        </Tag>
      ) : null}
    </span>
  );
}
