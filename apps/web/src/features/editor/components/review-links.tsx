import { useState } from 'react';
import { Alert, App, Button, Popconfirm, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReviewLink } from '@subtrans/contract';
import { currentLanguage } from '../../../lib/i18n';
import type { TextKey } from '../../../lib/i18n-keys';
import { reviewLinksKey, revokeReviewLink, useReviewLinks } from '../api/review';

const STATE_LABELS: Record<ReviewLink['state'], TextKey> = {
  active: 'editor.review.share.stateActive',
  expired: 'editor.review.share.stateExpired',
  revoked: 'editor.review.share.stateRevoked',
};
const STATE_COLOURS: Record<ReviewLink['state'], string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
};

/** a time as the interface's language writes it */
export const formatWhen = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/**
 * Issue 40 §2: the task's review links, newest first: access, made, ends, state, comments, and
 * revoking an active one (confirmed). A refusal goes to `onError` (the dialog shows it).
 */
export function ReviewLinks(props: { taskId: string; onError: (message: string | null) => void }) {
  const { taskId, onError } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const links = useReviewLinks(taskId);
  const [revoking, setRevoking] = useState<string | null>(null);

  const revoke = async (link: ReviewLink) => {
    setRevoking(link.id);
    onError(null);
    try {
      await revokeReviewLink(taskId, link.id);
      void message.success(t('editor.review.share.revoked'));
    } catch (e) {
      onError(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      setRevoking(null);
      await client.invalidateQueries({ queryKey: reviewLinksKey(taskId) });
    }
  };

  const list = links.data?.links ?? [];
  return (
    <section className="review-links" data-testid="review-links">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('editor.review.share.links')}
      </Typography.Title>
      {links.isError ? (
        <Alert
          type="error"
          showIcon
          title={links.error instanceof Error ? links.error.message : t('editor.review.share.loadFailed')}
          action={
            <Button size="small" onClick={() => void links.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : links.isSuccess && !list.length ? (
        <Typography.Text type="secondary">{t('editor.review.share.noLinks')}</Typography.Text>
      ) : (
        <ul className="review-link-list">
          {list.map((link) => (
            <li
              key={link.id}
              className="review-link"
              data-testid={`review-link-${link.id}`}
              data-state={link.state}
            >
              <div className="review-link-head">
                <Tag color={STATE_COLOURS[link.state]} style={{ marginInlineEnd: 0 }}>
                  {t(STATE_LABELS[link.state])}
                </Tag>
                <span className="review-link-access">
                  {link.access === 'comment'
                    ? t('editor.review.share.accessComment')
                    : t('editor.review.share.accessRead')}
                </span>
                <Typography.Text type="secondary">
                  {t('editor.review.share.comments', { count: link.comments })}
                </Typography.Text>
                {link.state === 'active' ? (
                  <Popconfirm
                    title={t('editor.review.share.confirmRevoke')}
                    description={t('editor.review.share.confirmRevokeText')}
                    okText={t('editor.review.share.revoke')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common.cancel')}
                    onConfirm={() => void revoke(link)}
                  >
                    <Button
                      size="small"
                      danger
                      loading={revoking === link.id}
                      className="review-link-revoke"
                      data-testid="review-revoke"
                    >
                      {t('editor.review.share.revoke')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </div>
              <Typography.Text type="secondary" className="review-link-dates">
                {t('editor.review.share.created', { date: formatWhen(link.createdAt) })}
                {' · '}
                {link.state === 'revoked' && link.revokedAt
                  ? t('editor.review.share.revokedAt', { date: formatWhen(link.revokedAt) })
                  : link.state === 'expired'
                    ? t('editor.review.share.expired', { date: formatWhen(link.expiresAt) })
                    : t('editor.review.share.expires', { date: formatWhen(link.expiresAt) })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
