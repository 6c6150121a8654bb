import type { ReactNode } from 'react';
import { rowKey } from '../lib/editor-names';
import type { EditSegment } from '../lib/editor-state';
import type { CommentCount } from '../lib/review-threads';
import { SegmentRow, type RowHandlers } from './segment-row';

/**
 * Every row rendered, none virtualised (/edit/{id}?virtual=off): only the baseline that the editor
 * benchmark (bench/editor.ts) compares the virtualised list against. No scrolling to a row.
 */
export function AllRows(props: {
  rows: readonly EditSegment[];
  rowKeys: ReadonlyMap<number, number>;
  flagOf: (id: number) => string;
  reviewOf: (id: number) => string;
  commentsOf?: (id: number) => CommentCount | undefined;
  numberOf: (id: number) => number;
  selected: ReadonlySet<number>;
  busy: ReadonlySet<number>;
  readOnly: boolean;
  translatedThrough?: number | null;
  current: number | null;
  handlers: RowHandlers;
  children: ReactNode;
}) {
  if (!props.rows.length) return props.children;
  return props.rows.map((seg) => (
    <SegmentRow
      key={rowKey(props.rowKeys, seg.id)}
      seg={seg}
      flags={props.flagOf(seg.id)}
      review={props.reviewOf(seg.id)}
      number={props.numberOf(seg.id)}
      selected={props.selected.has(seg.id)}
      busy={props.busy.has(seg.id)}
      readOnly={props.readOnly}
      untranslated={props.translatedThrough != null && seg.id > props.translatedThrough}
      current={props.current === seg.id}
      handlers={props.handlers}
      openComments={props.commentsOf?.(seg.id)?.open}
      comments={props.commentsOf?.(seg.id)?.total}
    />
  ));
}
