import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_LIMITS, type ReviewComment } from '@subtrans/contract';
import { ApiError } from '../../../lib/api-client';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { postComment } from '../api/review';
import { Button, Notice } from './review-ui';

/**
 * What a reviewer typed, kept outside the form: the list draws only the lines on screen, so a
 * form scrolled away (or closed) comes back with its text.
 */
export function newDrafts() {
  let name = storage.get(STORAGE_KEYS.reviewerName) ?? '';
  const bodies = new Map<number, string>();
  return {
    name: () => name,
    setName: (value: string) => void (name = value),
    body: (segmentId: number) => bodies.get(segmentId) ?? '',
    setBody: (segmentId: number, value: string) =>
      void (value ? bodies.set(segmentId, value) : bodies.delete(segmentId)),
  };
}
export type Drafts = ReturnType<typeof newDrafts>;

interface Props {
  token: string;
  segmentId: number;
  drafts: Drafts;
  onPosted: (comment: ReviewComment) => void;
  onClose: () => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** A comment on one line, signed with a name (remembered on this device for the next link). */
export function CommentForm({ token, segmentId, drafts, onPosted, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(() => drafts.name());
  const [body, setBody] = useState(() => drafts.body(segmentId));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    // where the reviewer types next: the name once, then only the comment
    if (drafts.name().trim()) bodyRef.current?.focus();
    else nameRef.current?.focus();
  }, [drafts]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (sending) return;
    if (!name.trim()) {
      setError(t('review.form.needName'));
      nameRef.current?.focus();
      return;
    }
    if (!body.trim()) {
      setError(t('review.form.needBody'));
      bodyRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const comment = await postComment(token, { segmentId, name: name.trim(), body: body.trim() });
      storage.set(STORAGE_KEYS.reviewerName, name.trim());
      drafts.setName(name.trim());
      drafts.setBody(segmentId, '');
      onPosted(comment);
    } catch (err) {
      // the server's message, already in the reader's language; what they typed stays
      setError(err instanceof ApiError ? err.message : String(err));
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
    else if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  };

  return (
    <form
      className="review-form"
      data-testid="review-form"
      aria-label={t('review.form.label')}
      onSubmit={(e) => void submit(e)}
      onKeyDown={onKeyDown}
    >
      <label htmlFor={`${id}-name`}>{t('review.form.name')}</label>
      <input
        id={`${id}-name`}
        ref={nameRef}
        value={name}
        maxLength={REVIEW_LIMITS.maxNameLength}
        autoComplete="name"
        className="review-input review-name"
        data-testid="review-name"
        onChange={(e) => {
          setName(e.target.value);
          drafts.setName(e.target.value);
        }}
      />
      <label htmlFor={`${id}-body`}>{t('review.form.body')}</label>
      {/* grows with its text, from 3 lines to 10 (review-ui.css) */}
      <textarea
        id={`${id}-body`}
        ref={bodyRef}
        value={body}
        rows={3}
        maxLength={REVIEW_LIMITS.maxCommentLength}
        placeholder={t('review.form.placeholder')}
        className="review-input review-body-input"
        data-testid="review-body"
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setBody(e.target.value);
          drafts.setBody(segmentId, e.target.value);
        }}
      />
      {/* near the limit, how much is used of it */}
      {body.length > REVIEW_LIMITS.maxCommentLength * 0.8 ? (
        <span className="review-count" data-testid="review-count">
          {body.length} / {REVIEW_LIMITS.maxCommentLength}
        </span>
      ) : null}
      {error ? (
        <Notice type="error" id={`${id}-error`} testId="review-form-error">
          {error}
        </Notice>
      ) : null}
      <div className="review-form-actions">
        <span className="review-form-hint">{t(isMac ? 'review.form.hintMac' : 'review.form.hint')}</span>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button kind="primary" type="submit" loading={sending} data-testid="review-send">
          {t('review.form.send')}
        </Button>
      </div>
    </form>
  );
}
