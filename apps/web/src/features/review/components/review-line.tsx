import { memo, useEffect, useRef, type MouseEvent } from 'react';
import CommentOutlined from '@ant-design/icons-svg/es/asn/CommentOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import { useTranslation } from 'react-i18next';
import type { ReviewComment, ReviewLine } from '@subtrans/contract';
import { clock, type Thread } from '../lib/review-lines';
import { CommentThread } from './comment-thread';
import { CommentForm, type Drafts } from './comment-form';
import { Button } from './review-ui';
import { SvgIcon } from '../../../components/svg-icon';

export interface LineActions {
  /** null: nothing to play, the time is only shown */
  seek: ((ms: number) => void) | null;
  openForm: (segmentId: number) => void;
  closeForm: (segmentId: number) => void;
  posted: (comment: ReviewComment) => void;
}

interface Props {
  line: ReviewLine;
  number: number;
  threads: readonly Thread[] | undefined;
  current: boolean;
  /** the link lets the reader comment: with the form open or not */
  commenting: 'closed' | 'open' | null;
  token: string;
  drafts: Drafts;
  /** `lang` of the original and of the translation, when known */
  langs: { original?: string; translated?: string };
  actions: LineActions;
}

/** clicks on these do their own thing, not move the playhead */
const OWN_CLICKS = 'button, a, input, textarea, form, .review-thread';

/** One line: its time, original and translation, its comments, and the way to add one. */
export const ReviewLineRow = memo(function ReviewLineRow({
  line,
  number,
  threads,
  current,
  commenting,
  token,
  drafts,
  langs,
  actions,
}: Props) {
  const { t } = useTranslation();
  const { seek } = actions;
  const time = clock(line.startMs);
  // a form closed (sent or cancelled) hands the keyboard back to the button that opened it
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && commenting === 'closed') button.current?.focus();
    wasOpen.current = commenting === 'open';
  }, [commenting]);
  // a click anywhere on the line's text plays from it; the time's button does it by keyboard
  const onClick = seek
    ? (e: MouseEvent) => {
        if (!(e.target as HTMLElement).closest(OWN_CLICKS)) seek(line.startMs);
      }
    : undefined;
  return (
    <article
      className={`review-line${current ? ' is-current' : ''}${seek ? ' can-seek' : ''}`}
      aria-current={current ? 'true' : undefined}
      aria-label={t('review.line', { number })}
      data-testid="review-line"
      data-line={line.id}
      onClick={onClick}
    >
      <div className="review-line-time">
        <span className="review-line-number">#{number}</span>
        {seek ? (
          <button
            type="button"
            className="review-seek"
            aria-label={t('review.playFrom', { time })}
            onClick={() => seek(line.startMs)}
          >
            <SvgIcon icon={PlayCircleOutlined} /> {time}
          </button>
        ) : (
          <span>{time}</span>
        )}
      </div>
      <div className="review-line-texts">
        <p className="review-original" lang={langs.original} data-testid="review-original">
          {line.original}
        </p>
        <p className="review-translated" lang={langs.translated} data-testid="review-translated">
          {line.translated}
        </p>
      </div>
      {threads?.length || commenting ? (
        <div className="review-line-comments">
          {threads?.length ? <CommentThread threads={threads} /> : null}
          {commenting === 'open' ? (
            <CommentForm
              token={token}
              segmentId={line.id}
              drafts={drafts}
              onPosted={actions.posted}
              onClose={() => actions.closeForm(line.id)}
            />
          ) : commenting === 'closed' ? (
            <Button
              small
              icon={CommentOutlined}
              data-testid="review-comment-open"
              ref={button}
              onClick={() => actions.openForm(line.id)}
            >
              {t('review.comment')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
});
