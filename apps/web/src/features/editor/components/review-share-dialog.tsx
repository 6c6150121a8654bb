import { useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Space, Typography, type InputRef } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REVIEW_LIMITS, type CreatedReviewLink, type ReviewAccess } from '@subtrans/contract';
import { createReviewLink, reviewLinksKey } from '../api/review';
import { ReviewLinks } from './review-links';
import './review.css';

type Days = (typeof REVIEW_LIMITS.expiryDays)[number];

/**
 * Puts `text` on the clipboard; where the browser allows none (an http page, a refusal), selects
 * it in `input` for the user's own Ctrl+C. True when copied.
 */
export async function copyText(text: string, input: HTMLInputElement | null | undefined): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.focus();
    input?.select();
    return false;
  }
}

/**
 * Issue 40 §2, "share for review": a link made with its access and its days, its address shown
 * once to copy (only a hash of it is kept), and the task's links below, each revocable. The
 * server's refusals (not translated yet, too many links) are shown here in its words.
 */
export default function ReviewShareDialog(props: { taskId: string; onClose: () => void }) {
  const { taskId } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const [access, setAccess] = useState<ReviewAccess>('comment');
  const [days, setDays] = useState<Days>(REVIEW_LIMITS.defaultExpiryDays);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedReviewLink | null>(null);
  const [copied, setCopied] = useState<'copied' | 'selected' | null>(null);
  const urlInput = useRef<InputRef>(null);

  const create = async () => {
    setCreating(true);
    setError(null);
    setCopied(null);
    try {
      setCreated(await createReviewLink({ id: taskId, access, expiresInDays: days }));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('common.requestFailed'));
    } finally {
      setCreating(false);
      await client.invalidateQueries({ queryKey: reviewLinksKey(taskId) });
    }
  };

  const copy = async () => {
    if (!created) return;
    setCopied((await copyText(created.url, urlInput.current?.input)) ? 'copied' : 'selected');
  };

  return (
    <Modal
      open
      title={t('editor.review.share.title')}
      onCancel={props.onClose}
      // the address is shown once: a click beside the dialog must not lose it
      maskClosable={!created}
      footer={
        <Button onClick={props.onClose} data-testid="review-share-close">
          {t('editor.review.share.close')}
        </Button>
      }
      width={600}
      className="review-modal"
      destroyOnHidden
    >
      <Flex vertical gap={16} data-testid="review-share-dialog">
        <Typography.Text type="secondary">{t('editor.review.share.intro')}</Typography.Text>
        <Form layout="vertical" requiredMark={false} className="review-share-form">
          <Form.Item label={t('editor.review.share.access')}>
            <Radio.Group
              value={access}
              onChange={(e) => setAccess(e.target.value as ReviewAccess)}
              data-testid="review-access"
            >
              <Radio value="comment" data-testid="review-access-comment">
                {t('editor.review.share.accessComment')}
              </Radio>
              <Radio value="read" data-testid="review-access-read">
                {t('editor.review.share.accessRead')}
              </Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item label={t('editor.review.share.expiry')}>
            <Radio.Group
              optionType="button"
              value={days}
              onChange={(e) => setDays(e.target.value as Days)}
              data-testid="review-expiry"
            >
              {REVIEW_LIMITS.expiryDays.map((d) => (
                <Radio.Button key={d} value={d} data-testid={`review-expiry-${d}`}>
                  {t('editor.review.share.days', { count: d })}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Button type="primary" loading={creating} onClick={() => void create()} data-testid="review-create">
            {t('editor.review.share.create')}
          </Button>
        </Form>
        {error ? <Alert type="error" showIcon role="alert" title={error} data-testid="review-error" /> : null}
        {created ? (
          <Flex vertical gap={8} data-testid="review-created">
            <Alert type="warning" showIcon title={t('editor.review.share.onceNote')} />
            <Space.Compact style={{ width: '100%' }}>
              <Input
                ref={urlInput}
                readOnly
                value={created.url}
                aria-label={t('editor.review.share.linkLabel')}
                onFocus={(e) => e.target.select()}
                data-testid="review-url"
              />
              <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="review-copy">
                {copied === 'copied' ? t('editor.review.share.copied') : t('editor.review.share.copy')}
              </Button>
            </Space.Compact>
            {copied === 'selected' ? (
              <Typography.Text type="secondary" data-testid="review-copy-selected">
                {t('editor.review.share.copySelected')}
              </Typography.Text>
            ) : null}
          </Flex>
        ) : null}
        <ReviewLinks taskId={taskId} onError={setError} />
      </Flex>
    </Modal>
  );
}
