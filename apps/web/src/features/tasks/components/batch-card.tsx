import { useId, useState, type ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Task } from '@subtrans/contract';
import type { BatchGroup } from '../lib/batch-rows';
import { BatchDownload } from './batch-download';
import { BatchFacts, BatchLanguages, BatchName, BatchProgress, BatchToggle } from './batch-row';

/**
 * Issue 39: a batch where the list is cards (a phone): one card with its name, languages and
 * progress, "Download all", and a button that opens it to its tasks' own cards.
 */
export function BatchCard(props: { group: BatchGroup; renderTask: (task: Task) => ReactNode }) {
  const { t } = useTranslation();
  const { group } = props;
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li className="task-card batch-card" data-testid={`batch-${group.id}`}>
      <div className="task-card-name">
        <BatchName group={group} />
      </div>
      <Typography.Text type="secondary" className="task-card-facts">
        <BatchFacts group={group} />
      </Typography.Text>
      <div className="task-card-languages">
        <BatchLanguages group={group} wrap />
      </div>
      <BatchProgress group={group} />
      <Flex gap={8} wrap>
        <BatchToggle group={group} open={open} onToggle={() => setOpen(!open)} controls={listId} withText />
        <BatchDownload group={group} />
      </Flex>
      {open ? (
        <ul
          id={listId}
          className="task-cards batch-card-tasks"
          aria-label={t('tasks.batch.listOf', { name: group.name })}
        >
          {group.children.map(props.renderTask)}
        </ul>
      ) : null}
    </li>
  );
}
