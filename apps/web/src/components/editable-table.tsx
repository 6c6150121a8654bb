import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Flex, Input, Select, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Rows edited in a table carry a key of their own (terms and characters have none), so an input
 * keeps its focus while rows are added or removed before it.
 */
export type Keyed<T> = T & { key: number };

let lastKey = 0;
export const withKeys = <T extends object>(rows: readonly T[]): Keyed<T>[] =>
  rows.map((r) => ({ ...r, key: ++lastKey }));
export const withoutKeys = <T extends object>(rows: readonly Keyed<T>[]): T[] =>
  rows.map(({ key: _key, ...row }) => row as unknown as T);

type FieldOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

export type EditableColumn<T> =
  | {
      kind: 'text';
      field: FieldOf<T, string>;
      label: string;
      maxLength: number;
      /** a row without it is refused (marked once `showErrors`) */
      required?: boolean;
      width?: number;
    }
  | { kind: 'check'; field: FieldOf<T, boolean>; label: string; width?: number }
  | {
      kind: 'select';
      field: FieldOf<T, string>;
      label: string;
      options: { value: string; label: string }[];
      width?: number;
    };

/** A row none of whose text was filled in: left out when saved rather than refused. */
export function isBlankRow<T extends object>(row: T, columns: readonly EditableColumn<T>[]): boolean {
  return columns.every((c) => c.kind !== 'text' || !String(row[c.field] ?? '').trim());
}

/** The 1-based numbers of the rows that lack a required text (blank rows excepted). */
export function rowsMissingRequired<T extends object>(
  rows: readonly T[],
  columns: readonly EditableColumn<T>[],
): number[] {
  const required = columns.filter((c) => c.kind === 'text' && c.required);
  return rows.flatMap((row, i) =>
    !isBlankRow(row, columns) && required.some((c) => !String(row[c.field] ?? '').trim()) ? [i + 1] : [],
  );
}

/**
 * An editable list as a table: a row per entry, its fields as inputs named for assistive
 * technology ("Source term, row 3"), add and remove rows, a page of rows at a time and, for long
 * lists (a glossary holds 2,000 entries), a filter. Adding a row shows it and puts the cursor in
 * its first field. Test ids: `${testId}-add`, `-filter`, `-remove`, `-count`, rows
 * `${testId}-row`.
 */
export function EditableTable<T extends object>(props: {
  rows: Keyed<T>[];
  onChange: (rows: Keyed<T>[]) => void;
  columns: EditableColumn<T>[];
  blank: () => T;
  max: number;
  /** what the table holds, as its accessible name ("Terms") */
  label: string;
  testId: string;
  pageSize?: number;
  searchable?: boolean;
  showErrors?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { rows, onChange, columns, testId, pageSize = 20, disabled } = props;
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const focusKey = useRef<number | null>(null);

  const numberOf = useMemo(() => new Map(rows.map((r, i) => [r.key, i + 1])), [rows]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return rows;
    return rows.filter((r) =>
      columns.some(
        (c) =>
          c.kind === 'text' &&
          String(r[c.field] ?? '')
            .toLowerCase()
            .includes(q),
      ),
    );
  }, [rows, columns, query]);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages);

  // the added row is on the page now: its first field takes the cursor
  useEffect(() => {
    if (focusKey.current === null) return;
    document.getElementById(`${testId}-${focusKey.current}-0`)?.focus();
    focusKey.current = null;
  });

  const set = (key: number, field: string, value: unknown) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const add = () => {
    const [row] = withKeys([props.blank()]);
    onChange([...rows, row!]);
    setQuery('');
    setPage(Math.ceil((rows.length + 1) / pageSize));
    focusKey.current = row!.key;
  };
  const remove = (key: number) => onChange(rows.filter((r) => r.key !== key));
  const full = rows.length >= props.max;

  return (
    <div role="group" aria-label={props.label} data-testid={testId}>
      <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Flex gap={8} wrap align="center">
          <Button
            icon={<PlusOutlined />}
            onClick={add}
            disabled={disabled || full}
            data-testid={`${testId}-add`}
          >
            {t('voice.table.add')}
          </Button>
          <Typography.Text type={full ? 'warning' : 'secondary'} data-testid={`${testId}-count`}>
            {t('voice.table.count', { count: rows.length, max: props.max.toLocaleString() })}
          </Typography.Text>
        </Flex>
        {props.searchable ? (
          <Input.Search
            allowClear
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
            placeholder={t('voice.table.filter')}
            aria-label={t('voice.table.filter')}
            style={{ width: 240, maxWidth: '100%' }}
            data-testid={`${testId}-filter`}
          />
        ) : null}
      </Flex>
      <Table<Keyed<T>>
        rowKey="key"
        size="small"
        dataSource={shown}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query ? t('voice.table.noMatch') : t('voice.table.empty') }}
        onRow={() => ({ 'data-testid': `${testId}-row` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current,
          pageSize,
          total: shown.length,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
          size: 'small',
        }}
        columns={[
          {
            title: '#',
            key: 'n',
            width: 48,
            render: (_, row) => numberOf.get(row.key),
          },
          ...columns.map((c, i) => ({
            title: c.label,
            key: c.field,
            width: c.width,
            render: (_: unknown, row: Keyed<T>) => {
              const n = numberOf.get(row.key) ?? 0;
              const name = t('voice.table.cell', { field: c.label, row: n });
              const id = `${testId}-${row.key}-${i}`;
              if (c.kind === 'check')
                return (
                  <Checkbox
                    id={id}
                    checked={Boolean(row[c.field])}
                    disabled={disabled}
                    onChange={(e) => set(row.key, c.field, e.target.checked)}
                    aria-label={name}
                  />
                );
              if (c.kind === 'select')
                return (
                  <Select
                    id={id}
                    value={String(row[c.field] ?? '')}
                    options={c.options}
                    disabled={disabled}
                    onChange={(v) => set(row.key, c.field, v)}
                    aria-label={name}
                    style={{ width: '100%', minWidth: 110 }}
                  />
                );
              const value = String(row[c.field] ?? '');
              const invalid = Boolean(
                props.showErrors && c.required && !value.trim() && !isBlankRow(row, columns),
              );
              return (
                <Input
                  id={id}
                  value={value}
                  maxLength={c.maxLength}
                  disabled={disabled}
                  status={invalid ? 'error' : undefined}
                  aria-invalid={invalid || undefined}
                  onChange={(e) => set(row.key, c.field, e.target.value)}
                  aria-label={name}
                  style={{ minWidth: 140 }}
                />
              );
            },
          })),
          {
            title: <span className="visually-hidden">{t('voice.table.actions')}</span>,
            key: 'remove',
            width: 56,
            render: (_, row) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={disabled}
                onClick={() => remove(row.key)}
                aria-label={t('voice.table.remove', { row: numberOf.get(row.key) })}
                data-testid={`${testId}-remove`}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
