import { createHash, randomBytes } from 'node:crypto';
import {
  REVIEW_LIMITS,
  REVIEW_PAGE_PATH,
  type CreatedReviewLink,
  type ReviewComment,
  type ReviewLink,
} from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { ownTask } from '../tasks/index.js';
import {
  commentsOf,
  findComment,
  insertAnswer,
  insertLink,
  linksOfTask,
  revokeLink,
  setApproved,
  setResolved,
  type CommentRow,
  type LinkRow,
} from './review.repository.js';

/**
 * Issue 40 §2, the owner's side: a task's review links (made, listed, revoked) and the comments
 * reviewers left through them (answered, resolved), and the task's approval. Every call reads the
 * caller's own live task first: another user's task is not found.
 */

/** 256 random bits, as the link carries them (43 base64url characters) */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest();

const iso = (d: Date) => new Date(d).toISOString();

function linkState(l: LinkRow): ReviewLink['state'] {
  if (l.revoked_at) return 'revoked';
  return new Date(l.expires_at).getTime() <= Date.now() ? 'expired' : 'active';
}

const toLink = (l: LinkRow): ReviewLink => ({
  id: l.id,
  access: l.access,
  state: linkState(l),
  createdAt: iso(l.created_at),
  expiresAt: iso(l.expires_at),
  revokedAt: l.revoked_at ? iso(l.revoked_at) : null,
  comments: l.comments ?? 0,
});

export const toComment = (c: CommentRow): ReviewComment => ({
  id: c.id,
  segmentId: c.segment_id,
  author: c.author,
  byOwner: c.by_owner,
  body: c.body,
  createdAt: iso(c.created_at),
  replyTo: c.reply_to,
  resolvedAt: c.resolved_at ? iso(c.resolved_at) : null,
});

export async function reviewLinksOf(ctx: AppContext, userId: number, taskId: string) {
  await ownTask(ctx, userId, taskId);
  return { links: (await linksOfTask(ctx.db, taskId)).map(toLink) };
}

/**
 * A new link to the caller's translated task; its address (on `origin`, the site the owner uses)
 * is answered once: only the token's hash is stored.
 */
export async function createReviewLink(
  ctx: AppContext,
  userId: number,
  body: { id: string; access: 'read' | 'comment'; expiresInDays: number },
  origin: string,
): Promise<CreatedReviewLink> {
  const task = await ownTask(ctx, userId, body.id);
  if (task.status !== 'completed') throw new AppError('REVIEW_TASK_NOT_DONE');
  const token = newToken();
  const row = await ctx.db.tx((q) =>
    insertLink(q, {
      taskId: task.id,
      tokenHash: tokenHash(token),
      access: body.access,
      days: body.expiresInDays,
      maxActive: REVIEW_LIMITS.maxActiveLinks,
    }),
  );
  if (!row) throw new AppError('REVIEW_LINKS_FULL', undefined, { limit: REVIEW_LIMITS.maxActiveLinks });
  ctx.log.info({ task: task.id, link: row.id, access: row.access }, 'review link created');
  return { ...toLink(row), url: `${origin}${REVIEW_PAGE_PATH}#${token}` };
}

export async function revokeReviewLink(
  ctx: AppContext,
  userId: number,
  body: { id: string; linkId: string },
): Promise<null> {
  await ownTask(ctx, userId, body.id);
  if (!(await revokeLink(ctx.db, body.id, body.linkId))) throw new AppError('REVIEW_LINK_UNAVAILABLE');
  return null;
}

export async function ownerReview(ctx: AppContext, userId: number, taskId: string) {
  const task = await ownTask(ctx, userId, taskId);
  return {
    comments: (await commentsOf(ctx.db, taskId)).map(toComment),
    approvedAt: task.approved_at ? iso(task.approved_at) : null,
  };
}

/** The owner answers a reviewer's comment; an answer to an answer goes to the comment it answers. */
export async function answerComment(
  ctx: AppContext,
  userId: number,
  body: { id: string; commentId: string; body: string },
): Promise<ReviewComment> {
  await ownTask(ctx, userId, body.id);
  let to = await findComment(ctx.db, body.id, body.commentId);
  if (to?.reply_to) to = await findComment(ctx.db, body.id, to.reply_to);
  if (!to) throw new AppError('REVIEW_COMMENT_NOT_FOUND');
  return toComment(await insertAnswer(ctx.db, to, body.body));
}

export async function resolveComment(
  ctx: AppContext,
  userId: number,
  body: { id: string; commentId: string; resolved: boolean },
): Promise<ReviewComment> {
  await ownTask(ctx, userId, body.id);
  const row = await setResolved(ctx.db, body.id, body.commentId, body.resolved);
  if (!row) throw new AppError('REVIEW_COMMENT_NOT_FOUND');
  return toComment(row);
}

export async function approveTask(
  ctx: AppContext,
  userId: number,
  body: { id: string; approved: boolean },
): Promise<{ approvedAt: string | null }> {
  await ownTask(ctx, userId, body.id);
  const at = await setApproved(ctx.db, body.id, body.approved);
  return { approvedAt: at ? iso(at) : null };
}
