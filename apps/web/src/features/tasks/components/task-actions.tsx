import { Button, Dropdown, Flex, Popconfirm } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ForwardOutlined,
  PlayCircleOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { Task } from '@subtrans/contract';
import { ExportDialog } from '../../../components/export-dialog';
import { optionsOfChoice, type ExportOptions } from '../../../lib/task-export';
import { canExecuteMedia } from '../lib/media-stage';

export interface TaskActionHandlers {
  /** an audio/video task's transcription and translation, after its cost is confirmed */
  execute: (task: Task) => void;
  start: (task: Task) => void;
  /** issue 34: a partly translated task's remaining lines */
  continueRest: (task: Task) => void;
  edit: (task: Task) => void;
  download: (task: Task, options: ExportOptions) => void;
  remove: (task: Task) => void;
}

const DOWNLOADS = [
  { key: 'srt', label: 'tasks.download.srt' },
  { key: 'srt-both', label: 'tasks.download.srtBilingual' },
  { key: 'vtt', label: 'tasks.download.vtt' },
  { key: 'vtt-both', label: 'tasks.download.vttBilingual' },
  { key: 'ass', label: 'tasks.download.ass' },
  { key: 'ass-both', label: 'tasks.download.assBilingual' },
] as const;

/**
 * SPEC §4: what a task allows: execute (audio/video awaiting its confirmation) or start (a pending
 * or failed SRT task), continue (the rest of a partly translated one), edit and download once completed, delete always (confirmed). `wrap`: the
 * buttons go onto more lines where the row is narrow (a card on a phone).
 */
export function TaskActions(props: {
  task: Task;
  /** the start of this task is under way */
  starting: boolean;
  /** the continuation of this task's rest is under way */
  continuing?: boolean;
  wrap: boolean;
  on: TaskActionHandlers;
}) {
  const { t } = useTranslation();
  const { task, on } = props;
  const completed = task.status === 'completed';
  // issue 37: the export's choices, and what the chosen format cannot carry
  const [dialog, setDialog] = useState(false);
  return (
    <Flex gap={props.wrap ? 8 : 4} wrap={props.wrap}>
      {canExecuteMedia(task) ? (
        <Button
          size="small"
          type="primary"
          icon={<ThunderboltOutlined />}
          onClick={() => on.execute(task)}
          data-testid="media-execute"
        >
          {task.status === 'failed' ? t('tasks.retry') : t('tasks.media.execute')}
        </Button>
      ) : null}
      {task.kind !== 'media' &&
      !task.voice.awaitingReview &&
      (task.status === 'pending' || task.status === 'failed') ? (
        <Button
          size="small"
          type="primary"
          icon={<PlayCircleOutlined />}
          loading={props.starting}
          onClick={() => on.start(task)}
          data-testid="task-start"
        >
          {task.status === 'failed' ? t('tasks.retry') : t('tasks.start')}
        </Button>
      ) : null}
      {task.partial ? (
        <Button
          size="small"
          type="primary"
          icon={<ForwardOutlined />}
          loading={props.continuing ?? false}
          onClick={() => on.continueRest(task)}
          data-testid="task-continue"
        >
          {t('parts.continue')}
        </Button>
      ) : null}
      <Button
        size="small"
        icon={<EditOutlined />}
        disabled={!completed}
        onClick={() => on.edit(task)}
        data-testid="task-edit"
      >
        {t('tasks.edit')}
      </Button>
      <Dropdown
        disabled={!completed}
        trigger={['click']}
        menu={{
          items: [
            ...DOWNLOADS.map((i) => ({
              key: i.key,
              label: t(i.label),
              'data-testid': `download-${i.key}`,
            })),
            { type: 'divider' as const },
            { key: 'options', label: t('exportDialog.more'), 'data-testid': 'download-options' },
          ],
          onClick: ({ key }) =>
            key === 'options' ? setDialog(true) : on.download(task, optionsOfChoice(key)),
        }}
      >
        <Button size="small" icon={<DownloadOutlined />} disabled={!completed} data-testid="task-download">
          {t('tasks.download.label')}
        </Button>
      </Dropdown>
      <Popconfirm
        title={t('tasks.confirmDelete', { name: task.fileName })}
        description={
          task.status === 'translating' || (task.kind === 'media' && task.status === 'processing')
            ? t('tasks.confirmDeleteRunning')
            : undefined
        }
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'task-delete-confirm' }}
        onConfirm={() => on.remove(task)}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          data-testid="task-delete"
          aria-label={t('common.delete')}
        />
      </Popconfirm>
      {dialog ? (
        <ExportDialog
          open
          sourceFormat={task.sourceFormat}
          onCancel={() => setDialog(false)}
          onExport={(options) => {
            setDialog(false);
            on.download(task, options);
          }}
        />
      ) : null}
    </Flex>
  );
}
