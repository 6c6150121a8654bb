import { REVIEW_LIMITS, type ReviewComment, type ReviewPage } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { hitRateLimit } from '../accounts/rate-limit.js';
import { hasMedia } from '../media/media-overview.service.js';
import { PLAY_URL_SECONDS } from '../media/media-tools.js';
import { findTaskById } from '../tasks/index.js';
import {
  commentsOf,
  insertReviewerComment,
  lineExists,
  liveLinkByHash,
  reviewLines,
  type LinkRow,
} from './review.repository.js';
import { tokenHash, toComment } from './review.service.js';

/**
 * Issue 40 §2, the reviewer's side: no account, only the link's token. Whatever the token, the
 * client address is counted first (a guess costs as much as a look); an unknown, expired or revoked
 * link, a deleted task and a closed account all answer the same REVIEW_LINK_UNAVAILABLE. The page
 * carries the task's name, languages, lines and media, and this link's comments: nothing of the
 * owner's account (no name, email or id), nor other links' comments.
 */

async function liveLink(ctx: AppContext, token: string): Promise<LinkRow> {
  const link = await liveLinkByHash(ctx.db, tokenHash(token));
  if (!link) throw new AppError('REVIEW_LINK_UNAVAILABLE');
  return link;
}

export async function openReview(ctx: AppContext, token: string, ip: string): Promise<ReviewPage> {
  await hitRateLimit(ctx.db, `review-open:ip:${ip}`, ctx.rateLimits.reviewOpensPerIp);
  const link = await liveLink(ctx, token);
  const task = await findTaskById(ctx.db, link.task_id);
  if (!task) throw new AppError('REVIEW_LINK_UNAVAILABLE');
  const [lines, comments] = await Promise.all([
    reviewLines(ctx.db, task.id),
    commentsOf(ctx.db, task.id, link.id),
  ]);
  const media =
    hasMedia(task) && task.media_key && task.media_type
      ? { url: await ctx.storage.downloadUrl(task.media_key, PLAY_URL_SECONDS), type: task.media_type }
      : null;
  return {
    fileName: task.file_name,
    originalLanguage: task.detected_language ?? task.original_language,
    targetLanguage: task.target_language,
    access: link.access,
    expiresAt: new Date(link.expires_at).toISOString(),
    approved: task.approved_at !== null,
    media,
    lines: lines.map((l) => ({
      id: l.id,
      startMs: Number(l.start_ms),
      endMs: Number(l.end_ms),
      original: l.original_text,
      translated: l.translated_text ?? '',
    })),
    comments: comments.map(toComment),
  };
}

export async function commentOnLine(
  ctx: AppContext,
  body: { token: string; segmentId: number; name: string; body: string },
  ip: string,
): Promise<ReviewComment> {
  await hitRateLimit(ctx.db, `review-comment:ip:${ip}`, ctx.rateLimits.reviewCommentsPerIp);
  const link = await liveLink(ctx, body.token);
  if (link.access !== 'comment') throw new AppError('REVIEW_READ_ONLY');
  if (!(await lineExists(ctx.db, link.task_id, body.segmentId))) throw new AppError('REVIEW_LINE_NOT_FOUND');
  const row = await ctx.db.tx((q) =>
    insertReviewerComment(q, {
      link,
      segmentId: body.segmentId,
      author: body.name,
      body: body.body,
      max: REVIEW_LIMITS.maxCommentsPerLink,
    }),
  );
  if (!row)
    throw new AppError('REVIEW_COMMENTS_FULL', undefined, { limit: REVIEW_LIMITS.maxCommentsPerLink });
  return toComment(row);
}
