import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { FileSearchOutlined, ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Task } from '@subtrans/contract';
import { BriefDialog, type BriefDialogMode } from '../../../components/brief/brief-dialog';
import { currentLanguage } from '../../../lib/i18n';
import { runtimeKey } from '../../../lib/i18n-keys';

/**
 * What the user asked of a task's translation and what it took: formality, glossaries, series,
 * the note for the translator, and its engine calls (the brief's among them).
 */
export function TaskVoiceFacts({ task }: { task: Task }) {
  const { t } = useTranslation();
  const v = task.voice;
  const asked = [
    v.formality !== 'source' ? t(runtimeKey('voice.formality.*', v.formality)) : null,
    v.glossaryIds.length ? t('voice.task.glossaries', { count: v.glossaryIds.length }) : null,
    v.seriesId ? t('voice.task.series') : null,
  ].filter(Boolean);
  if (!asked.length && !v.translatorNote && !v.engineCalls) return null;
  return (
    <Space orientation="vertical" size={0} data-testid="task-voice" style={{ fontSize: 12 }}>
      {asked.length ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="task-voice-asked">
          {asked.join(' · ')}
        </Typography.Text>
      ) : null}
      {v.translatorNote ? (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, maxWidth: 300 }}
          ellipsis={{ tooltip: v.translatorNote }}
          data-testid="task-note"
        >
          {t('voice.task.note', { note: v.translatorNote })}
        </Typography.Text>
      ) : null}
      {v.engineCalls ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="task-engine-calls">
          {v.briefCalls
            ? t('voice.task.callsWithBrief', { count: v.engineCalls, brief: v.briefCalls })
            : t('voice.task.calls', { count: v.engineCalls })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * A task waiting for its names and terms to be reviewed says so, with the button that opens the
 * review; a task with a brief or glossaries opens its brief (edit, re-apply).
 */
export function TaskVoiceActions({
  task,
  onOpen,
}: {
  task: Task;
  onOpen: (task: Task, mode: BriefDialogMode) => void;
}) {
  const { t } = useTranslation();
  const v = task.voice;
  if (v.awaitingReview)
    return (
      <Space orientation="vertical" size={2} align="start">
        <Tag color="gold" data-testid="task-awaiting-review">
          {t('voice.task.awaitingReview')}
        </Tag>
        {v.reviewExpiresAt ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('voice.task.reviewBy', {
              date: new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(
                new Date(v.reviewExpiresAt),
              ),
            })}
          </Typography.Text>
        ) : null}
        <Button
          size="small"
          type="primary"
          icon={<FileSearchOutlined />}
          onClick={() => onOpen(task, 'review')}
          data-testid="task-review-terms"
        >
          {t('voice.task.review')}
        </Button>
      </Space>
    );
  if (!v.hasBrief && !v.glossaryIds.length && !v.seriesId) return null;
  return (
    <Button
      size="small"
      type="link"
      icon={<ProfileOutlined />}
      onClick={() => onOpen(task, 'view')}
      style={{ paddingInline: 0 }}
      data-testid="task-brief"
      aria-label={t('voice.task.briefOf', { name: task.fileName })}
    >
      {t('voice.task.brief')}
    </Button>
  );
}

/** The brief dialog of the task list: which task's brief is open, and how. */
export function useBriefDialog(onChanged: () => void) {
  const [open, setOpen] = useState<{ task: Task; mode: BriefDialogMode } | null>(null);
  return {
    open: (task: Task, mode: BriefDialogMode) => setOpen({ task, mode }),
    dialog: (
      <BriefDialog
        task={open?.task ?? null}
        mode={open?.mode ?? 'view'}
        onClose={() => setOpen(null)}
        onChanged={onChanged}
      />
    ),
  };
}
