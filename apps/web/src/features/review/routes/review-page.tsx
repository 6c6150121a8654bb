import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import DisconnectOutlined from '@ant-design/icons-svg/es/asn/DisconnectOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import type { ReviewComment, ReviewPage as Page } from '@subtrans/contract';
import { addComment, isUnavailable, tokenFromHash, useReviewPage } from '../api/review';
import { ReviewSummary, ReviewTopBar } from '../components/review-header';
import { ReviewPlayer, type PlayerHandle } from '../components/review-player';
import { ReviewLines } from '../components/review-lines';
import { Button, Notice, Outcome } from '../components/review-ui';
import { useReviewMeta } from './review-meta';
import '../components/review.css';

/**
 * Issue 40 §2: the page a review link opens, without an account. The token is the address's
 * fragment (`/review#<token>`), which the browser never sends: it goes in the calls' bodies.
 */
export default function ReviewPage() {
  const { t, i18n } = useTranslation();
  const { hash } = useLocation();
  const token = tokenFromHash(hash);
  const query = useReviewPage(token);
  useReviewMeta(query.data?.fileName ?? null);

  // a refusal is in the language it was asked in: ask again in the one chosen since
  const { isError, refetch } = query;
  const shownIn = useRef(i18n.language);
  useEffect(() => {
    if (shownIn.current === i18n.language) return;
    shownIn.current = i18n.language;
    if (isError) void refetch();
  }, [i18n.language, isError, refetch]);

  let content;
  if (token === null) {
    content = <Unavailable message={t('review.incomplete')} />;
  } else if (query.isPending) {
    content = (
      <div className="pub-page-loading" role="status" data-testid="review-loading">
        <span className="pub-spinner" aria-hidden />
        <span>{t('review.loading')}</span>
      </div>
    );
  } else if (query.isError) {
    content = isUnavailable(query.error) ? (
      <Unavailable message={query.error.message} />
    ) : (
      <main className="review-unavailable">
        <Outcome
          icon={WarningOutlined}
          title={t('review.openFailed')}
          detail={query.error.message}
          testId="review-open-failed"
          action={
            <Button kind="primary" onClick={() => void refetch()}>
              {t('review.retry')}
            </Button>
          }
        />
      </main>
    );
  } else {
    content = <Review page={query.data} token={token} />;
  }
  return (
    <div className="pub-layout review-page">
      <ReviewTopBar />
      {content}
    </div>
  );
}

/** The link cannot be used: that alone, nothing of the task. */
function Unavailable({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <main className="review-unavailable" data-testid="review-unavailable">
      <Outcome icon={DisconnectOutlined} title={t('review.unavailable')} detail={message} />
    </main>
  );
}

function Review({ page, token }: { page: Page; token: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const player = useRef<PlayerHandle>(null);
  const [current, setCurrent] = useState(-1);
  const [writing, setWriting] = useState(false);
  const [announced, setAnnounced] = useState('');
  const seek = useCallback((ms: number) => player.current?.seek(ms), []);
  const onPosted = useCallback(
    (comment: ReviewComment) => {
      addComment(client, token, comment);
      setAnnounced(t('review.sent'));
    },
    [client, token, t],
  );
  return (
    <>
      <ReviewSummary page={page} />
      <main className={`review-body${page.media ? ' has-media' : ''}${writing ? ' is-writing' : ''}`}>
        {page.media ? (
          <ReviewPlayer
            media={page.media}
            lines={page.lines}
            current={current}
            onCurrent={setCurrent}
            handle={player}
          />
        ) : null}
        <div className="review-column">
          {page.access === 'read' ? (
            <Notice type="info" icon={EyeOutlined} testId="review-read-only">
              {t('review.readOnly')}
            </Notice>
          ) : (
            <p className="review-hint">{t('review.commentHint')}</p>
          )}
          <ReviewLines
            page={page}
            token={token}
            current={current}
            seek={page.media ? seek : null}
            onPosted={onPosted}
            onWriting={setWriting}
          />
        </div>
      </main>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announced}
      </div>
    </>
  );
}
