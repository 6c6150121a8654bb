import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  App,
  Button,
  Dropdown,
  Flex,
  Grid,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlayCircleOutlined,
  ThunderboltOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ErrorCodes,
  errorMessage,
  languageName,
  PAGE_SIZES,
  type ErrorKey,
  type ExportFormat,
  type Task,
} from '@subtrans/contract';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { moneyChanged } from '../../../lib/money-sync';
import { usePoints } from '../../../lib/points';
import { downloadTask } from '../../../lib/task-export';
import { taskFailureText } from '../../../lib/task-failure';
import { editorPath } from '../../../lib/paths';
import { deleteTask, startTask, tasksQueryKey, useTaskList } from '../api/tasks';
import { canExecuteMedia, MEDIA_STAGE_COLOURS, mediaStage, STATUS_COLOURS } from '../lib/media-stage';
import { useInsufficientPoints } from './insufficient-points';
import { confirmTargetOfTask, MediaConfirmDialog, type MediaConfirmTarget } from './media-confirm-dialog';
import { MediaExpiry, MediaFacts, MediaIcon } from './media-facts';
import { TaskVoiceActions, TaskVoiceFacts, useBriefDialog } from './task-voice';

const isErrorKey = (key: string | null): key is ErrorKey => key !== null && key in ErrorCodes;

/**
 * SPEC §2/§4 task list: newest first, 10 a page, refreshed every 5 s (every second while a task
 * translates, so progress moves); edit and download only when completed; delete always, confirmed.
 */
export function TaskList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  // on a phone a fixed actions column would cover the whole table: it scrolls with the rest
  const narrow = Grid.useBreakpoint().md === false;
  const ui = currentLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const points = usePoints();
  const askToBuy = useInsufficientPoints();
  const [page, setPage] = useState(1);
  const list = useTaskList(userId, page);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<MediaConfirmTarget | null>(null);

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: tasksQueryKey });
    await moneyChanged(client);
  };

  const start = async (task: Task) => {
    if (points.data !== undefined && points.data < task.estimatedPoints) {
      askToBuy(task.estimatedPoints, points.data);
      return;
    }
    setBusy(task.id);
    try {
      await startTask(task.id);
      void message.success(t('tasks.upload.started'));
    } catch (e) {
      if (e instanceof ApiError && e.code === ErrorCodes.INSUFFICIENT_POINTS.code)
        askToBuy(task.estimatedPoints, points.data ?? 0);
      else void message.error(e instanceof Error ? e.message : t('tasks.startFailed'));
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const brief = useBriefDialog(() => void refresh());

  const remove = async (task: Task) => {
    try {
      await deleteTask(task.id);
      void message.success(t('tasks.deleted'));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : t('tasks.deleteFailed'));
    } finally {
      await refresh();
    }
  };

  const download = async (task: Task, format: ExportFormat, includeOriginal: boolean) => {
    try {
      await downloadTask(task.id, format, includeOriginal);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : t('tasks.downloadFailed'));
    }
  };

  const date = (iso: string) => new Date(iso).toLocaleString(ui);

  return (
    <>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={list.error instanceof Error ? list.error.message : t('tasks.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Table<Task>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('dashboard.translate.emptyTasks') }}
        scroll={{ x: 960 }}
        data-testid="task-list"
        onRow={(task) => ({ 'data-testid': `task-${task.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZES.tasks,
          total: list.data?.totalCount ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('tasks.col.file'),
            dataIndex: 'fileName',
            ellipsis: true,
            render: (name: string, task) => (
              <Space orientation="vertical" size={0}>
                <Space size={6} align="center">
                  {task.kind === 'media' ? <MediaIcon task={task} /> : null}
                  <Typography.Text strong ellipsis style={{ maxWidth: 300 }} title={name}>
                    {name}
                  </Typography.Text>
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {task.kind === 'media' ? (
                    <MediaFacts task={task} />
                  ) : (
                    <>
                      {t('tasks.segments', { count: task.segmentCount })} ·{' '}
                      {t('tasks.points', { points: task.estimatedPoints })}
                    </>
                  )}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {date(task.submitTime)}
                </Typography.Text>
                <MediaExpiry task={task} />
                <TaskVoiceFacts task={task} />
              </Space>
            ),
          },
          {
            // the engine goes under the language pair: its own column left the actions too little room
            title: t('tasks.col.languages'),
            key: 'languages',
            width: 170,
            render: (_, task) => (
              <Space orientation="vertical" size={4} align="start">
                <span>
                  {languageName(task.originalLanguage, ui)} → {languageName(task.targetLanguage, ui)}
                </span>
                <Tag data-testid="task-engine">
                  {t(`tasks.engine.${task.translationService}`, { defaultValue: task.translationService })}
                </Tag>
              </Space>
            ),
          },
          {
            title: t('tasks.col.status'),
            key: 'status',
            width: 190,
            render: (_, task) => (
              <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                <TaskStatus task={task} />
                <TaskVoiceActions task={task} onOpen={brief.open} />
              </Space>
            ),
          },
          {
            title: t('tasks.col.actions'),
            key: 'actions',
            // room for the longest row on one line: "Execute translation", Edit, Download, delete (English)
            width: narrow ? 200 : 380,
            ...(narrow ? {} : { fixed: 'right' as const }),
            render: (_, task) => {
              const completed = task.status === 'completed';
              return (
                <Flex gap={4} wrap={narrow}>
                  {canExecuteMedia(task) ? (
                    <Button
                      size="small"
                      type="primary"
                      icon={<ThunderboltOutlined />}
                      onClick={() => setConfirming(confirmTargetOfTask(task))}
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
                      loading={busy === task.id}
                      onClick={() => void start(task)}
                      data-testid="task-start"
                    >
                      {task.status === 'failed' ? t('tasks.retry') : t('tasks.start')}
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    disabled={!completed}
                    onClick={() => void navigate(editorPath(task.id))}
                    data-testid="task-edit"
                  >
                    {t('tasks.edit')}
                  </Button>
                  <Dropdown
                    disabled={!completed}
                    trigger={['click']}
                    menu={{
                      items: [
                        { key: 'srt', label: t('tasks.download.srt') },
                        { key: 'srt-both', label: t('tasks.download.srtBilingual') },
                        { key: 'vtt', label: t('tasks.download.vtt') },
                        { key: 'vtt-both', label: t('tasks.download.vttBilingual') },
                      ].map((i) => ({ ...i, 'data-testid': `download-${i.key}` })),
                      onClick: ({ key }) =>
                        void download(task, key.startsWith('vtt') ? 'vtt' : 'srt', key.endsWith('-both')),
                    }}
                  >
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      disabled={!completed}
                      data-testid="task-download"
                    >
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
                    onConfirm={() => void remove(task)}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      data-testid="task-delete"
                      aria-label={t('common.delete')}
                    />
                  </Popconfirm>
                </Flex>
              );
            },
          },
        ]}
      />
      <MediaConfirmDialog target={confirming} onClose={() => setConfirming(null)} />
      {brief.dialog}
    </>
  );
}

function TaskStatus({ task }: { task: Task }) {
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
        // the editor opens with its "lines to review" filter on; nothing waits on them (export included)
        <Link to={editorPath(task.id, { review: true })} data-testid="task-review">
          <Tag color="purple" style={{ cursor: 'pointer' }}>
            {t('tasks.review', { count: task.reviewCount })}
          </Tag>
        </Link>
      ) : null}
      {task.status === 'translating' ? (
        <Progress percent={task.translationProgress} size="small" data-testid="task-progress" />
      ) : null}
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
