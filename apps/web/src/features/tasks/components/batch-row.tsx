import { Button, Flex, Progress, Space, Tag, Typography } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { languageName } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import { runtimeKey } from '../../../lib/i18n-keys';
import type { BatchGroup } from '../lib/batch-rows';
import './batch-row.css';

/**
 * Issue 39: the parts of a batch's row in the task list (the table's cells, a phone's card): its
 * name and facts, its languages, its progress, and the button that opens it to its tasks.
 */

/** the batch's name, cut to its room (whole in its title) */
export function BatchName({ group }: { group: BatchGroup }) {
  return (
    <Typography.Text strong ellipsis title={group.name} data-testid="batch-name">
      {group.name}
    </Typography.Text>
  );
}

/** "Batch 3 files · 60 points · 1/1/2025, 10:00" */
export function BatchFacts({ group }: { group: BatchGroup }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  return (
    <>
      <Tag color="geekblue" className="batch-tag">
        {t('tasks.batch.tag')}
      </Tag>
      {t('tasks.batch.files', { count: group.files })} ·{' '}
      {t('tasks.points', { points: group.estimatedPoints })} · {new Date(group.submitTime).toLocaleString(ui)}
    </>
  );
}

/** "English → French, Japanese" and the engine */
export function BatchLanguages({ group, wrap }: { group: BatchGroup; wrap: boolean }) {
  const { t } = useTranslation();
  const ui = currentLanguage();
  const list = new Intl.ListFormat(ui, { style: 'narrow', type: 'conjunction' });
  const names = (codes: string[]) => list.format(codes.map((c) => languageName(c, ui)));
  return (
    <Flex gap={wrap ? 8 : 4} vertical={!wrap} wrap={wrap} align={wrap ? 'center' : 'start'}>
      <span data-testid="batch-languages">
        {names(group.sourceLanguages)} → {names(group.targetLanguages)}
      </span>
      <Tag style={{ marginInlineEnd: 0 }}>
        {t(runtimeKey('tasks.engine.*', group.translationService), {
          defaultValue: group.translationService,
        })}
      </Tag>
    </Flex>
  );
}

/** "4 of 6 done", the bar, and how many failed or still run */
export function BatchProgress({ group }: { group: BatchGroup }) {
  const { t } = useTranslation();
  const { total, completed, failed, running } = group.counts;
  return (
    <Space
      orientation="vertical"
      size={2}
      style={{ width: '100%' }}
      data-testid="batch-progress"
      data-done={completed}
      data-failed={failed}
      data-total={total}
    >
      <Typography.Text data-testid="batch-done">
        {t('tasks.batch.progress', { done: completed, total })}
      </Typography.Text>
      <Progress
        percent={group.percent}
        size="small"
        status={running ? 'active' : failed ? 'normal' : 'success'}
        aria-label={t('tasks.batch.progress', { done: completed, total })}
      />
      {failed ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="batch-failed">
          {t('tasks.batch.failed', { failed })}
        </Typography.Text>
      ) : null}
      {running ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('tasks.batch.running', { running })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** opens the batch to its tasks, or closes it: its name said to a screen reader */
export function BatchToggle(props: {
  group: BatchGroup;
  open: boolean;
  onToggle: (e: React.MouseEvent<HTMLElement>) => void;
  /** the element its tasks are in, once open */
  controls?: string;
  /** a phone's card: the button says how many tasks it opens to */
  withText?: boolean;
}) {
  const { t } = useTranslation();
  const label = t(props.open ? 'tasks.batch.close' : 'tasks.batch.open', { name: props.group.name });
  return (
    <Button
      size="small"
      type={props.withText ? 'default' : 'text'}
      icon={props.open ? <DownOutlined /> : <RightOutlined />}
      aria-expanded={props.open}
      aria-controls={props.open ? props.controls : undefined}
      aria-label={props.withText ? undefined : label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        props.onToggle(e);
      }}
      data-testid="batch-toggle"
    >
      {props.withText
        ? t(props.open ? 'tasks.batch.hideTasks' : 'tasks.batch.showTasks', {
            count: props.group.counts.total,
          })
        : null}
    </Button>
  );
}
