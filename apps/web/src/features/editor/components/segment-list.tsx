import {
  memo,
  useCallback,
  useImperativeHandle,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { Typography } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { EditSegment } from '../lib/editor-state';
import { rowKey } from '../lib/editor-names';
import type { CommentCount } from '../lib/review-threads';
import { initialListRect, measureRow, observeListRect, scrollList } from '../lib/virtual-list';
import { AllRows } from './all-rows';
import { PHONE_QUERY, SegmentRow, type RowHandlers } from './segment-row';
import { RowLabelsProvider } from './row-labels';

export interface SegmentListHandle {
  /** brings a row (its index in `rows`) into view */
  scrollToIndex(index: number, align: 'auto' | 'center'): void;
  /** puts the cursor in a line's field once its row is rendered (a few frames at most) */
  focusLine(id: number): void;
  /**
   * Shows these rows at once, in the key's own render (the page takes the same lines a paint later,
   * use-list-preview.ts), until the page's lines are those of edit `seq` or later. Null when the
   * list cannot (every row rendered, ?virtual=off).
   */
  previewer(): ((seq: number, view: ListView) => void) | null;
}

/** What the list shows of the lines (the props a change of the lines changes). */
export type ListView = Pick<SegmentListProps, 'rows' | 'rowIds' | 'rowKeys' | 'flagOf' | 'numberOf'>;

export interface SegmentListProps {
  rows: readonly EditSegment[];
  /** the last edit of the lines shown by `rows` (EditorState.linesSeq): a preview of an older one is done */
  linesSeq: number;
  /** the rows' ids: an array that stays the same while typing (a new one rebuilds the virtualiser's size cache) */
  rowIds: readonly number[];
  /** a renamed line's id → its row's key (editor-names.ts: a save naming a new line keeps its row) */
  rowKeys: ReadonlyMap<number, number>;
  /** a line's flags, comma-separated */
  flagOf: (id: number) => string;
  /** a line's review flags (the server's), comma-separated */
  reviewOf: (id: number) => string;
  /** issue 40 §2: a line's reviewers' comments (undefined: none) */
  commentsOf?: (id: number) => CommentCount | undefined;
  /** a line's number in the task as it is now (issue 35: not its id once lines are split or inserted) */
  numberOf: (id: number) => number;
  selected: ReadonlySet<number>;
  busy: ReadonlySet<number>;
  readOnly: boolean;
  /** issue 34: a partly translated task's last translated line (the lines after it are not yet); null: all */
  translatedThrough?: number | null;
  current: number | null;
  handlers: RowHandlers;
  /** shown when there is no row */
  empty: string;
  ref?: Ref<SegmentListHandle>;
}

type RowsHandle = Pick<SegmentListHandle, 'scrollToIndex'> & {
  preview: (seq: number, view: ListView) => void;
};

type RowsProps = Omit<SegmentListProps, 'ref' | 'empty'> & {
  scrollRef: RefObject<HTMLElement | null>;
  handle: Ref<RowsHandle>;
  /** the empty list's text */
  children: ReactNode;
};

/** The column titles: not drawn again with every change of the lines (memo). */
const ColumnTitles = memo(function ColumnTitles() {
  const { t } = useTranslation();
  return (
    <div role="row" className="seg-head">
      <span />
      <span>#</span>
      <span>{t('editor.col.time')}</span>
      <span>{t('editor.col.original')}</span>
      <span>{t('editor.col.translation')}</span>
      <span />
    </div>
  );
});

/** The column titles and the lines, virtualised (10,000 lines stay smooth). */
export function SegmentList({ ref, empty, ...props }: SegmentListProps) {
  // ?virtual=off renders every row: the baseline of the editor benchmark (bench/editor.ts)
  const [allRows] = useState(() => new URLSearchParams(window.location.search).get('virtual') === 'off');
  const listRef = useRef<HTMLElement>(null);
  const rowsHandle = useRef<RowsHandle>(null);
  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex: (index, align) => rowsHandle.current?.scrollToIndex(index, align),
      previewer: () => rowsHandle.current?.preview ?? null,
      focusLine: (id) => {
        const focus = (tries: number) => {
          const el = listRef.current?.querySelector<HTMLTextAreaElement>(`[data-segment-input="${id}"]`);
          if (el) el.focus({ preventScroll: true });
          else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
        };
        requestAnimationFrame(() => focus(10));
      },
    }),
    [],
  );
  const emptyText = (
    <Typography.Paragraph type="secondary" style={{ padding: 24, textAlign: 'center' }}>
      {empty}
    </Typography.Paragraph>
  );
  return (
    <>
      <ColumnTitles />
      <main ref={listRef} style={{ flex: 1, overflow: 'auto' }} data-testid="segment-list">
        <RowLabelsProvider>
          {allRows ? (
            <AllRows {...props}>{emptyText}</AllRows>
          ) : (
            <VirtualRows {...props} scrollRef={listRef} handle={rowsHandle}>
              {emptyText}
            </VirtualRows>
          )}
        </RowLabelsProvider>
      </main>
    </>
  );
}

/**
 * A one-line row with its flags: close to the real height, so rows move little once measured. On a
 * phone a row is a card of its parts one under the other (segment-row.css).
 */
const rowEstimate = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches ? 150 : 75;

function VirtualRows({
  rows: pageRows,
  rowIds: pageRowIds,
  rowKeys: pageRowKeys,
  flagOf: pageFlagOf,
  reviewOf,
  commentsOf,
  numberOf: pageNumberOf,
  linesSeq,
  selected,
  busy,
  readOnly,
  translatedThrough = null,
  current,
  handlers,
  scrollRef,
  handle,
  children,
}: RowsProps) {
  // issue 35: a split or merge is drawn here first, alone in the key's render; the page's own
  // render of it follows after the paint (npm run bench editor-structure)
  const [preview, setPreview] = useState<{ seq: number; view: ListView } | null>(null);
  // the page's flagOf is new with every render: a memo of this would never hold
  const pageView: ListView = {
    rows: pageRows,
    rowIds: pageRowIds,
    rowKeys: pageRowKeys,
    flagOf: pageFlagOf,
    numberOf: pageNumberOf,
  };
  const { rows, rowIds, rowKeys, flagOf, numberOf } =
    preview && preview.seq > linesSeq ? preview.view : pageView;
  const showPreview = useCallback((seq: number, view: ListView) => setPreview({ seq, view }), []);
  // a stable key function: a new one would make the virtualiser rebuild its size cache each render
  const getItemKey = useCallback(
    (i: number) => {
      const id = rowIds[i];
      return id === undefined ? i : rowKey(rowKeys, id);
    },
    [rowIds, rowKeys],
  );
  const [estimate] = useState(rowEstimate);
  // the virtualiser's functions are read fresh on every render (no memoised component relies on them)
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    // rows drawn past each edge: about 450 px either way (a phone's rows are twice as tall)
    overscan: estimate > 100 ? 3 : 6,
    getItemKey,
    // sizes from ResizeObservers, never read in the middle of a render (virtual-list.ts)
    initialRect: initialListRect(),
    observeElementRect: observeListRect,
    measureElement: measureRow,
    scrollToFn: scrollList,
  });
  useImperativeHandle(
    handle,
    () => ({
      scrollToIndex: (index, align) => virtualizer.scrollToIndex(index, { align }),
      preview: showPreview,
    }),
    [virtualizer, showPreview],
  );
  if (!rows.length) return children;
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => {
        const seg = rows[item.index]!;
        const comments = commentsOf?.(seg.id);
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              transform: `translateY(${item.start}px)`,
            }}
          >
            <SegmentRow
              seg={seg}
              flags={flagOf(seg.id)}
              review={reviewOf(seg.id)}
              number={numberOf(seg.id)}
              selected={selected.has(seg.id)}
              busy={busy.has(seg.id)}
              readOnly={readOnly}
              untranslated={translatedThrough !== null && seg.id > translatedThrough}
              current={current === seg.id}
              handlers={handlers}
              openComments={comments?.open}
              comments={comments?.total}
            />
          </div>
        );
      })}
    </div>
  );
}
