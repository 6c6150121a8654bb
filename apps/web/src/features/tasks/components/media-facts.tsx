import { Typography } from 'antd';
import { ClockCircleOutlined, CustomerServiceOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEDIA_TYPE, type Task } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { formatDay } from '../lib/format-day';
import { formatDuration } from './media-confirm-dialog';
import { formatBytes } from '../../../lib/media-file';

export function MediaIcon({ task }: { task: Task }) {
  const { t } = useTranslation();
  const audio = task.mediaType === MEDIA_TYPE.audio;
  const label = audio ? t('tasks.media.audio') : t('tasks.media.video');
  return audio ? (
    <CustomerServiceOutlined role="img" aria-label={label} title={label} style={{ color: '#722ed1' }} />
  ) : (
    <VideoCameraOutlined role="img" aria-label={label} title={label} style={{ color: '#722ed1' }} />
  );
}

/** size, then what detection and transcription found out (duration, cost, segments) */
export function MediaFacts({ task }: { task: Task }) {
  const { t } = useTranslation();
  const facts = [
    task.mediaSize ? formatBytes(task.mediaSize) : null,
    task.duration > 0 ? formatDuration(Math.ceil(task.duration / 1000)) : null,
    task.segmentCount > 0 ? t('tasks.segments', { count: task.segmentCount }) : null,
    task.estimatedPoints > 0 ? t('tasks.points', { points: task.estimatedPoints }) : null,
  ].filter(Boolean);
  const kind = task.mediaType === MEDIA_TYPE.audio ? t('tasks.media.audio') : t('tasks.media.video');
  return <>{facts.join(' · ') || kind}</>;
}

/** An audio/video task not executed yet: the day its file is deleted unless it is translated before. */
export function MediaExpiry({ task }: { task: Task }) {
  const { t } = useTranslation();
  if (!task.mediaExpiresAt) return null;
  return (
    <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="media-expires">
      <ClockCircleOutlined style={{ marginRight: 4 }} />
      {t('tasks.media.expires', { date: formatDay(task.mediaExpiresAt, currentLanguage()) })}
    </Typography.Text>
  );
}
