import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { ReviewComment, ReviewPage } from '@subtrans/contract';
import { threadsByLine } from '../lib/review-lines';
import { ReviewLineRow, type LineActions } from './review-line';
import { newDrafts } from './comment-form';

interface Props {
  page: ReviewPage;
  token: string;
  current: number;
  seek: ((ms: number) => void) | null;
  onPosted: (comment: ReviewComment) => void;
  /** whether a comment form is open (the page then lets the player scroll away, for the keyboard) */
  onWriting: (writing: boolean) => void;
}

/** a line's height before it is measured: time, two short texts and a button */
const ROW_ESTIMATE = 120;

/** `lang` for a language code the page was given ('auto': unknown) */
const langOf = (code: string) => (code && code !== 'auto' ? code : undefined);

/**
 * The lines, drawn only where the window shows them (a task has thousands), each measured as it
 * is drawn since comments and the form make lines of any height. The window scrolls, not a box
 * of its own: on a phone the page reads as one column.
 */
export function ReviewLines({ page, token, current, seek, onPosted, onWriting }: Props) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [drafts] = useState(newDrafts);
  const threads = useMemo(() => threadsByLine(page.comments), [page.comments]);
  const commenting = page.access === 'comment';
  const langs = useMemo(
    () => ({ original: langOf(page.originalLanguage), translated: langOf(page.targetLanguage) }),
    [page.originalLanguage, page.targetLanguage],
  );

  // where the list starts on the page, which moves as the player above it gets its size
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (el) setOffset(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, []);

  const lines = page.lines;
  const virtualizer = useWindowVirtualizer({
    count: lines.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 6,
    scrollMargin: offset,
    getItemKey: (i) => lines[i]!.id,
  });

  useEffect(() => onWriting(open !== null), [open, onWriting]);

  const actions = useMemo<LineActions>(
    () => ({
      seek,
      openForm: (id) => setOpen(id),
      closeForm: (id) => setOpen((o) => (o === id ? null : o)),
      posted: (comment) => {
        onPosted(comment);
        setOpen(null);
      },
    }),
    [seek, onPosted],
  );

  if (!lines.length) return <p className="review-empty">{t('review.noLines')}</p>;
  return (
    <div ref={listRef} className="review-lines" data-testid="review-lines">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="review-row"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <ReviewLineRow
                line={line}
                number={item.index + 1}
                threads={threads.get(line.id)}
                current={item.index === current}
                commenting={commenting ? (open === line.id ? 'open' : 'closed') : null}
                token={token}
                drafts={drafts}
                langs={langs}
                actions={actions}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
