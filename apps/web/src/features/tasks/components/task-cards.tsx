import type { ReactNode } from 'react';
import { Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { languageName, type Task } from '@subtrans/contract';
import type { BriefDialogMode } from '../../../components/brief/brief-dialog';
import { currentLanguage } from '../../../lib/i18n';
import { isBatchRow, type ListRow } from '../lib/batch-rows';
import { BatchCard } from './batch-card';
import { MediaExpiry, MediaFacts, MediaIcon } from './media-facts';
import { TaskActions, type TaskActionHandlers } from './task-actions';
import { TaskStatus } from './task-status';
import { TaskVoiceActions, TaskVoiceFacts } from './task-voice';
import './task-cards.css';

/**
 * The task list where a table's columns do not fit (a phone, a tablet, a narrow window): each task
 * a card with everything its row has, the status and the actions in view without scrolling
 * sideways. Each card is a list item named by its file; a batch's (issue 39) one card that opens
 * to theirs.
 */
export function TaskCards(props: {
  rows: readonly ListRow[];
  loading: boolean;
  empty: string;
  /** the task whose start is under way */
  starting: string | null;
  /** the task whose rest is being continued */
  continuing?: string | null;
  on: TaskActionHandlers;
  onBrief: (task: Task, mode: BriefDialogMode) => void;
  /** the pages, under the cards */
  pagination: ReactNode;
}) {
  const { t } = useTranslation();
  const card = (task: Task) => (
    <TaskCard
      key={task.id}
      task={task}
      starting={props.starting}
      continuing={props.continuing}
      on={props.on}
      onBrief={props.onBrief}
    />
  );
  if (!props.rows.length)
    return (
      <div data-testid="task-list">
        {props.loading ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
        )}
      </div>
    );
  return (
    <div data-testid="task-list">
      <ul className="task-cards" aria-label={t('dashboard.translate.tasks')}>
        {props.rows.map((row) =>
          isBatchRow(row) ? <BatchCard key={row.id} group={row} renderTask={card} /> : card(row),
        )}
      </ul>
      {props.pagination}
    </div>
  );
}

/** a task's card: everything its row has */
function TaskCard({
  task,
  ...props
}: {
  task: Task;
  starting: string | null;
  continuing?: string | null;
  on: TaskActionHandlers;
  onBrief: (task: Task, mode: BriefDialogMode) => void;
}) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  return (
    <li className="task-card" data-testid={`task-${task.id}`}>
      <div className="task-card-name">
        {task.kind === 'media' ? <MediaIcon task={task} /> : null}
        <Typography.Text strong ellipsis title={task.fileName}>
          {task.fileName}
        </Typography.Text>
      </div>
      <Typography.Text type="secondary" className="task-card-facts">
        {task.kind === 'media' ? (
          <MediaFacts task={task} />
        ) : (
          <>
            {t('tasks.segments', { count: task.segmentCount })} ·{' '}
            {t('tasks.points', { points: task.estimatedPoints })}
          </>
        )}{' '}
        · {new Date(task.submitTime).toLocaleString(ui)}
      </Typography.Text>
      <Flex gap={8} wrap align="center" className="task-card-languages">
        <span>
          {languageName(task.originalLanguage, ui)} → {languageName(task.targetLanguage, ui)}
        </span>
        <Tag data-testid="task-engine" style={{ marginInlineEnd: 0 }}>
          {t(`tasks.engine.${task.translationService}`, { defaultValue: task.translationService })}
        </Tag>
      </Flex>
      <MediaExpiry task={task} />
      <TaskVoiceFacts task={task} />
      <TaskStatus task={task} />
      <TaskVoiceActions task={task} onOpen={props.onBrief} />
      <TaskActions
        task={task}
        starting={props.starting === task.id}
        continuing={props.continuing === task.id}
        wrap
        on={props.on}
      />
    </li>
  );
}
