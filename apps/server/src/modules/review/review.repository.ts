import type { ReviewAccess } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';

/** Issue 40 §2: review links and their comments (migration 0045). */
export interface LinkRow {
  id: string;
  task_id: string;
  access: ReviewAccess;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  /** comments made through it, where the query counted them */
  comments?: number;
}

export interface CommentRow {
  id: string;
  task_id: string;
  link_id: string;
  segment_id: number;
  author: string | null;
  by_owner: boolean;
  reply_to: string | null;
  body: string;
  created_at: Date;
  resolved_at: Date | null;
}

const LINK_COLUMNS = `l.id, l.task_id, l.access, l.created_at, l.expires_at, l.revoked_at`;
const LINK_COMMENTS = `(SELECT count(*)::int FROM review_comments c WHERE c.link_id = l.id AND NOT c.by_owner) AS comments`;

/**
 * A new link of the task, unless it has `maxActive` links in use already (counted under a lock on
 * the task's row, so two creations at once cannot pass the limit together): undefined then.
 */
export async function insertLink(
  q: Queryable,
  l: { taskId: string; tokenHash: Buffer; access: ReviewAccess; days: number; maxActive: number },
): Promise<LinkRow | undefined> {
  await q.query(`SELECT id FROM tasks WHERE id = $1 FOR UPDATE`, [l.taskId]);
  const rows = await q.query<LinkRow>(
    `INSERT INTO review_links (task_id, token_hash, access, expires_at)
     SELECT $1, $2, $3, now() + make_interval(days => $4)
      WHERE (SELECT count(*) FROM review_links
              WHERE task_id = $1 AND revoked_at IS NULL AND expires_at > now()) < $5
     RETURNING id, task_id, access, created_at, expires_at, revoked_at, 0 AS comments`,
    [l.taskId, l.tokenHash, l.access, l.days, l.maxActive],
  );
  return rows[0];
}

export async function linksOfTask(q: Queryable, taskId: string): Promise<LinkRow[]> {
  return q.query<LinkRow>(
    `SELECT ${LINK_COLUMNS}, ${LINK_COMMENTS} FROM review_links l WHERE l.task_id = $1
      ORDER BY l.created_at DESC, l.id`,
    [taskId],
  );
}

/** Revokes the task's link now; false when it is not the task's (revoking twice is no error). */
export async function revokeLink(q: Queryable, taskId: string, linkId: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `UPDATE review_links SET revoked_at = coalesce(revoked_at, now())
      WHERE id = $1 AND task_id = $2 RETURNING id`,
    [linkId, taskId],
  );
  return rows.length > 0;
}

/**
 * The link the token names while it answers: not revoked, not expired, its task not deleted and
 * its owner's account not closed, all read in this one statement (a closed account's links stop
 * with the closing's commit).
 */
export async function liveLinkByHash(q: Queryable, tokenHash: Buffer): Promise<LinkRow | undefined> {
  const rows = await q.query<LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM review_links l
       JOIN tasks t ON t.id = l.task_id AND t.deleted_at IS NULL
       JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
      WHERE l.token_hash = $1 AND l.revoked_at IS NULL AND l.expires_at > now()`,
    [tokenHash],
  );
  return rows[0];
}

/** The task's comments and answers, oldest first; with `linkId`, those of that link only. */
export async function commentsOf(q: Queryable, taskId: string, linkId?: string): Promise<CommentRow[]> {
  return q.query<CommentRow>(
    `SELECT * FROM review_comments WHERE task_id = $1 ${linkId ? 'AND link_id = $2' : ''}
      ORDER BY created_at, id`,
    linkId ? [taskId, linkId] : [taskId],
  );
}

export async function findComment(q: Queryable, taskId: string, id: string): Promise<CommentRow | undefined> {
  return (
    await q.query<CommentRow>(`SELECT * FROM review_comments WHERE id = $1 AND task_id = $2`, [id, taskId])
  )[0];
}

/**
 * A reviewer's comment through the link, unless the link has `max` comments already (counted
 * under a lock on the link's row, so comments sent at once cannot pass the limit together).
 */
export async function insertReviewerComment(
  q: Queryable,
  c: { link: LinkRow; segmentId: number; author: string; body: string; max: number },
): Promise<CommentRow | undefined> {
  await q.query(`SELECT id FROM review_links WHERE id = $1 FOR UPDATE`, [c.link.id]);
  const rows = await q.query<CommentRow>(
    `INSERT INTO review_comments (task_id, link_id, segment_id, author, body)
     SELECT $1, $2, $3, $4, $5
      WHERE (SELECT count(*) FROM review_comments WHERE link_id = $2 AND NOT by_owner) < $6
     RETURNING *`,
    [c.link.task_id, c.link.id, c.segmentId, c.author, c.body, c.max],
  );
  return rows[0];
}

/** The owner's answer to a reviewer's comment (on its line, through its link). */
export async function insertAnswer(q: Queryable, to: CommentRow, body: string): Promise<CommentRow> {
  const rows = await q.query<CommentRow>(
    `INSERT INTO review_comments (task_id, link_id, segment_id, by_owner, reply_to, body)
     VALUES ($1, $2, $3, true, $4, $5) RETURNING *`,
    [to.task_id, to.link_id, to.segment_id, to.id, body],
  );
  return rows[0]!;
}

/** Resolves a reviewer's comment (the first time's moment is kept), or opens it again. */
export async function setResolved(
  q: Queryable,
  taskId: string,
  id: string,
  resolved: boolean,
): Promise<CommentRow | undefined> {
  const rows = await q.query<CommentRow>(
    `UPDATE review_comments
        SET resolved_at = CASE WHEN $3 THEN coalesce(resolved_at, now()) ELSE NULL END
      WHERE id = $1 AND task_id = $2 AND NOT by_owner RETURNING *`,
    [id, taskId, resolved],
  );
  return rows[0];
}

export async function setApproved(q: Queryable, taskId: string, approved: boolean): Promise<Date | null> {
  const rows = await q.query<{ approved_at: Date | null }>(
    `UPDATE tasks SET approved_at = CASE WHEN $2 THEN coalesce(approved_at, now()) ELSE NULL END
      WHERE id = $1 RETURNING approved_at`,
    [taskId, approved],
  );
  return rows[0]?.approved_at ?? null;
}

export interface ReviewLineRow {
  id: number;
  start_ms: string | number;
  end_ms: string | number;
  original_text: string;
  translated_text: string | null;
}

/** The task's lines in order, only what a reviewer reads. */
export async function reviewLines(q: Queryable, taskId: string): Promise<ReviewLineRow[]> {
  return q.query<ReviewLineRow>(
    `SELECT id, start_ms, end_ms, original_text, translated_text FROM task_segments
      WHERE task_id = $1 ORDER BY position`,
    [taskId],
  );
}

export async function lineExists(q: Queryable, taskId: string, segmentId: number): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM task_segments WHERE task_id = $1 AND id = $2`, [
    taskId,
    segmentId,
  ]);
  return rows.length > 0;
}
