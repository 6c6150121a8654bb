import { Link } from 'react-router';
import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { PartialFacts } from './partial-facts';
import { TaskReviewTags } from './task-review-tags';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, errorMessage, type ErrorKey, type Task } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { taskFailureText } from '../../../lib/task-failure';
import { editorPath } from '../../../lib/paths';
import { MEDIA_STAGE_COLOURS, mediaStage, STATUS_COLOURS } from '../lib/media-stage';

const isErrorKey = (key: string | null): key is ErrorKey => key !== null && key in ErrorCodes;

/** A task's status: its tag, warnings, lines to review, progress and why it failed. */
export function TaskStatus({ task }: { task: Task }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const stage = task.kind === 'media' ? mediaStage(task) : null;
  const reason = isErrorKey(task.errorKey) ? errorMessage(task.errorKey, ui, task) : task.error;
  const failure = stage === 'failed' ? taskFailureText(task, ui, t) : null;
  const warnings = [
    task.keptOriginal > 0 ? t('tasks.keptOriginal', { count: task.keptOriginal }) : null,
    task.pointsError ? t('tasks.pointsError', { error: task.pointsError }) : null,
    task.uploadError ? t('tasks.uploadError', { error: task.uploadError }) : null,
  ].filter(Boolean);
  return (
    <Space
      orientation="vertical"
      size={2}
      style={{ width: '100%' }}
      data-testid="task-status"
      data-status={task.status}
      data-stage={stage ?? undefined}
    >
      <Space size={4}>
        {task.voice.awaitingReview ? null : stage ? (
          // a task awaiting its review of names and terms says so itself (task-voice.tsx)
          <Tag color={MEDIA_STAGE_COLOURS[stage]} data-testid="media-stage">
            {t(`tasks.media.stage.${stage}`, { progress: task.translationProgress })}
          </Tag>
        ) : (
          <Tag color={STATUS_COLOURS[task.status]}>{t(`tasks.status.${task.status}`)}</Tag>
        )}
        {warnings.length ? (
          <Tooltip title={warnings.join(' · ')}>
            <WarningOutlined style={{ color: '#faad14' }} aria-label={warnings.join(' · ')} />
          </Tooltip>
        ) : null}
      </Space>
      {task.status === 'completed' && task.reviewCount > 0 ? (
        // the editor opens on all lines, its "to review" filter one click away with this count;
        // nothing waits on them (export included)
        <Link to={editorPath(task.id)} data-testid="task-review">
          <Tag color="purple" style={{ cursor: 'pointer' }}>
            {t('tasks.review', { count: task.reviewCount })}
          </Tag>
        </Link>
      ) : null}
      <TaskReviewTags task={task} />
      {task.status === 'translating' ? (
        <Progress percent={task.translationProgress} size="small" data-testid="task-progress" />
      ) : null}
      <PartialFacts task={task} />
      {failure ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="task-error">
          {failure}
        </Typography.Text>
      ) : null}
      {!stage && task.status === 'failed' && task.error ? (
        <Tooltip title={reason}>
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {t('tasks.translationFailed')}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Space>
  );
}
