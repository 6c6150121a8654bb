import type { ReactNode } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { useWidth } from '../lib/use-width';
import { pairLabel } from './language-pair-fields';

/**
 * The shell the pages of things a user owns and edits by name (glossaries, series) share: a list
 * card with its states (failed with retry, loading, empty, rows), the columns every such list has,
 * and a confirmed delete. What differs (the texts, the columns and actions of its own) comes in.
 */
export interface Owned {
  id: string;
  name: string;
  sourceLanguage: string;
  targetLanguage: string;
  updatedAt: string;
}

export function ListCard<T>(props: {
  heading: string;
  /** the buttons beside the heading */
  actions: ReactNode;
  intro: string;
  list: UseQueryResult<T[]>;
  loadFailed: string;
  empty: string;
  testId: string;
  /** the rows, and the width the card has for them (which columns fit: `ownedColumns`) */
  children: (rows: T[], width: number) => ReactNode;
  /** dialogs the card opens */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const { list } = props;
  const { ref, width } = useWidth<HTMLDivElement>(() => window.innerWidth);
  const title = (
    <Flex align="center" justify="space-between" wrap gap={8}>
      <h2 style={{ margin: 0, fontSize: 20 }}>{props.heading}</h2>
      <Flex gap={8} wrap>
        {props.actions}
      </Flex>
    </Flex>
  );
  return (
    <Card title={title} data-testid={`${props.testId}-list`} ref={ref}>
      <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={list.error instanceof Error ? list.error.message : props.loadFailed}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.data.length === 0 ? (
        <Empty description={props.empty} data-testid={`${props.testId}-empty`} />
      ) : (
        props.children(list.data, width)
      )}
      {props.footer}
    </Card>
  );
}

/** the card widths from which the list has room for a column of its own (below: see ownedColumns) */
const ROOM = { pair: 560, middle: 440, updated: 760 };

/**
 * The name (opens it), language pair and last change columns, around the list's own `middle`, as
 * many as `width` (the card's, ListCard) has room for: on a phone the name with its language pair
 * under it and the actions, no table wider than the screen.
 */
export function ownedColumns<T extends Owned>(
  t: TFunction,
  opts: {
    nameTitle: string;
    testId: string;
    onOpen: (id: string) => void;
    middle: ColumnType<T>[];
    width: number;
  },
): ColumnType<T>[] {
  const ui = currentLanguage();
  const pair = (item: T) => pairLabel(item.sourceLanguage, item.targetLanguage, ui, t);
  const roomy = (part: keyof typeof ROOM) => opts.width >= ROOM[part];
  return [
    {
      title: opts.nameTitle,
      dataIndex: 'name',
      render: (name: string, item) => (
        <Flex vertical align="start">
          <Button
            type="link"
            onClick={() => opts.onOpen(item.id)}
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            data-testid={`${opts.testId}-open`}
          >
            {name}
          </Button>
          {roomy('pair') ? null : <Typography.Text type="secondary">{pair(item)}</Typography.Text>}
        </Flex>
      ),
    },
    ...(roomy('pair')
      ? [{ title: t('voice.languages'), key: 'pair', render: (_: unknown, item: T) => pair(item) }]
      : []),
    ...(roomy('middle') ? opts.middle : []),
    ...(roomy('updated')
      ? [
          {
            title: t('voice.updated'),
            dataIndex: 'updatedAt',
            render: (iso: string) => new Date(iso).toLocaleString(ui),
          },
        ]
      : []),
  ];
}

/** Deletes one item, says so (or the server's error), then refreshes the list either way. */
export function useRemove<T extends Owned>(
  del: (id: string) => Promise<unknown>,
  queryKey: QueryKey,
  deleted: (item: T) => string,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  return async (item: T) => {
    try {
      await del(item.id);
      void message.success(deleted(item));
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      await client.invalidateQueries({ queryKey });
    }
  };
}

/** A row's actions: edit, the list's own (`extra`), delete after a confirmation. */
export function RowActions(props: {
  testId: string;
  editLabel: string;
  onEdit: () => void;
  extra?: ReactNode;
  confirm: { title: string; text: string; deleteLabel: string };
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={4}>
      <Button size="small" icon={<EditOutlined />} onClick={props.onEdit} aria-label={props.editLabel}>
        {t('tasks.edit')}
      </Button>
      {props.extra}
      <Popconfirm
        title={props.confirm.title}
        description={props.confirm.text}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, 'data-testid': `${props.testId}-delete-confirm` }}
        onConfirm={props.onDelete}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={props.confirm.deleteLabel}
          data-testid={`${props.testId}-delete`}
        />
      </Popconfirm>
    </Flex>
  );
}
