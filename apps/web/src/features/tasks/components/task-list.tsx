import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Pagination, Space, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, languageName, PAGE_SIZES, type Task } from '@subtrans/contract';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { moneyChanged } from '../../../lib/money-sync';
import { usePoints } from '../../../lib/points';
import { downloadTask, type ExportOptions } from '../../../lib/task-export';
import { editorPath } from '../../../lib/paths';
import { useWidth } from '../../../lib/use-width';
import { deleteTask, startTask, tasksQueryKey, useTaskList } from '../api/tasks';
import { groupBatches, isBatchRow, type ListRow } from '../lib/batch-rows';
import { BatchDownload } from './batch-download';
import { BatchFacts, BatchLanguages, BatchName, BatchProgress, BatchToggle } from './batch-row';
import { useInsufficientPoints } from './insufficient-points';
import { confirmTargetOfTask, MediaConfirmDialog, type MediaConfirmTarget } from './media-confirm-dialog';
import { MediaExpiry, MediaFacts, MediaIcon } from './media-facts';
import { TaskActions, type TaskActionHandlers } from './task-actions';
import { TaskCards } from './task-cards';
import { TaskStatus } from './task-status';
import { TaskVoiceActions, TaskVoiceFacts, useBriefDialog } from './task-voice';
import { useContinueTask } from '../../../components/parts/use-continue-task';

/**
 * The room the table needs: its fixed columns (languages 170, status 190, actions 380) and a file
 * name. Where the list has less, each task is a card (task-cards.tsx): a table that scrolls
 * sideways hid the status and the actions of every task on a phone.
 */
const TABLE_WIDTH = 900;

/** a row's key: a task's id, a batch's marked as one */
const rowKey = (row: ListRow) => (isBatchRow(row) ? `batch:${row.id}` : row.id);

/**
 * SPEC §2/§4 task list: newest first, 10 a page, refreshed every 5 s (every second while a task
 * translates, so progress moves); edit and download only when completed; delete always, confirmed.
 * Issue 39: the tasks of a batch are one row (grouped from the page's tasks: a batch whose tasks
 * fall on two pages shows on each with that page's) that opens to theirs.
 */
export function TaskList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const { ref, width } = useWidth<HTMLDivElement>(() => window.innerWidth);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const points = usePoints();
  const askToBuy = useInsufficientPoints();
  const [page, setPage] = useState(1);
  const list = useTaskList(userId, page);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<MediaConfirmTarget | null>(null);
  const rows = useMemo(() => groupBatches(list.data?.list ?? []), [list.data]);
  const [openBatches, setOpenBatches] = useState<string[]>([]);
  const toggleBatch = (key: string) =>
    setOpenBatches((open) => (open.includes(key) ? open.filter((k) => k !== key) : [...open, key]));

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
  // issue 34: a partly translated task's rest, from its row
  const rest = useContinueTask(refresh);

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

  const download = async (task: Task, options: ExportOptions) => {
    try {
      await downloadTask(task.id, options);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : t('tasks.downloadFailed'));
    }
  };

  const date = (iso: string) => new Date(iso).toLocaleString(ui);
  const on: TaskActionHandlers = {
    execute: (task) => setConfirming(confirmTargetOfTask(task)),
    start: (task) => void start(task),
    continueRest: (task) => void rest.continueTask(task.id),
    edit: (task) => void navigate(editorPath(task.id)),
    download: (task, options) => void download(task, options),
    remove: (task) => void remove(task),
  };
  const pages = {
    current: page,
    pageSize: PAGE_SIZES.tasks,
    total: list.data?.totalCount ?? 0,
    showSizeChanger: false,
    onChange: setPage,
    hideOnSinglePage: true,
  };

  return (
    <div ref={ref}>
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
      {width < TABLE_WIDTH ? (
        <TaskCards
          rows={rows}
          loading={list.isLoading}
          empty={t('dashboard.translate.emptyTasks')}
          starting={busy}
          continuing={rest.busy}
          on={on}
          onBrief={brief.open}
          pagination={<Pagination {...pages} size="small" align="center" style={{ marginTop: 16 }} />}
        />
      ) : (
        <Table<ListRow>
          rowKey={rowKey}
          size="middle"
          loading={list.isLoading}
          dataSource={rows}
          locale={{ emptyText: t('dashboard.translate.emptyTasks') }}
          tableLayout="fixed"
          data-testid="task-list"
          onRow={(row) =>
            ({
              'data-testid': isBatchRow(row) ? `batch-${row.id}` : `task-${row.id}`,
            }) as React.HTMLAttributes<HTMLElement>
          }
          // a batch's tasks: rows of its own, opened by the button before its name
          expandable={{ expandedRowKeys: openBatches, indentSize: 0, expandIcon: () => null }}
          rowClassName={(_, _i, indent) => (indent ? 'batch-task-row' : '')}
          pagination={pages}
          columns={[
            {
              title: t('tasks.col.file'),
              key: 'file',
              // the name on one line, cut with an ellipsis and whole in its title; the facts wrap
              render: (_, task) =>
                isBatchRow(task) ? (
                  <div className="batch-cell">
                    <BatchToggle
                      group={task}
                      open={openBatches.includes(rowKey(task))}
                      onToggle={() => toggleBatch(rowKey(task))}
                    />
                    <Space orientation="vertical" size={0}>
                      <BatchName group={task} />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        <BatchFacts group={task} />
                      </Typography.Text>
                    </Space>
                  </div>
                ) : (
                  <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                    <div style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
                      {task.kind === 'media' ? <MediaIcon task={task} /> : null}
                      <Typography.Text strong ellipsis title={task.fileName}>
                        {task.fileName}
                      </Typography.Text>
                    </div>
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
              render: (_, task) =>
                isBatchRow(task) ? (
                  <BatchLanguages group={task} wrap={false} />
                ) : (
                  <Space orientation="vertical" size={4} align="start">
                    <span>
                      {languageName(task.originalLanguage, ui)} → {languageName(task.targetLanguage, ui)}
                    </span>
                    <Tag data-testid="task-engine">
                      {t(`tasks.engine.${task.translationService}`, {
                        defaultValue: task.translationService,
                      })}
                    </Tag>
                  </Space>
                ),
            },
            {
              title: t('tasks.col.status'),
              key: 'status',
              width: 190,
              render: (_, task) =>
                isBatchRow(task) ? (
                  <BatchProgress group={task} />
                ) : (
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
              width: 380,
              render: (_, task) =>
                isBatchRow(task) ? (
                  <BatchDownload group={task} />
                ) : (
                  <TaskActions
                    task={task}
                    starting={busy === task.id}
                    continuing={rest.busy === task.id}
                    wrap={false}
                    on={on}
                  />
                ),
            },
          ]}
        />
      )}
      <MediaConfirmDialog target={confirming} onClose={() => setConfirming(null)} />
      {brief.dialog}
    </div>
  );
}
