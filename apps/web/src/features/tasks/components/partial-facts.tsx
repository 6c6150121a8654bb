import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, errorMessage, type ErrorKey, type Task } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';

const isErrorKey = (key: string | null): key is ErrorKey => key !== null && key in ErrorCodes;

/**
 * Issue 34: a task translated in part says so in the list: the lines done, what is left (lines,
 * minutes; audio/video: minutes of audio) and what the rest costs; and why its last part failed, when it did (points returned).
 */
export function PartialFacts({
  task,
}: {
  task: Pick<Task, 'partial' | 'segmentCount' | 'error' | 'errorKey'>;
}) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const partial = task.partial;
  if (!partial) return null;
  const reason = isErrorKey(task.errorKey) ? errorMessage(task.errorKey, ui, {}) : task.error;
  // audio/video: the rest of the audio is not transcribed yet, so its lines are not counted
  const media = partial.remainingLines === null;
  const minutes = Math.ceil(partial.remainingMs / 60_000);
  return (
    <div data-testid="task-partial" data-through={partial.translatedThrough}>
      <Tag color="gold">{t('parts.partial')}</Tag>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {media
          ? t('parts.doneMedia', { through: partial.translatedThrough })
          : t('parts.done', { through: partial.translatedThrough, total: task.segmentCount })}
      </Typography.Text>
      <Typography.Text
        type="secondary"
        style={{ display: 'block', fontSize: 12 }}
        data-testid="task-partial-rest"
      >
        {media
          ? t('parts.restMedia', { minutes, points: partial.restPoints })
          : t('parts.rest', { lines: partial.remainingLines, minutes, points: partial.restPoints })}
      </Typography.Text>
      {reason ? (
        <Typography.Text
          type="danger"
          style={{ display: 'block', fontSize: 12 }}
          data-testid="task-partial-failed"
        >
          {t('parts.restFailed', { reason })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
