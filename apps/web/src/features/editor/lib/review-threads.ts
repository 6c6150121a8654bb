import type { ReviewComment } from '@subtrans/contract';

/** A reviewer's comment with the owner's answers to it, oldest first. */
export interface ReviewThread {
  comment: ReviewComment;
  answers: ReviewComment[];
}

/** The threads on one line, in the order they were made. */
export interface LineThreads {
  segmentId: number;
  /** the line's place in the task now; null: the line is no longer in the task */
  place: number | null;
  threads: ReviewThread[];
  open: number;
}

/** a line's comments: open (not resolved) and in all */
export interface CommentCount {
  open: number;
  total: number;
}

const isOpen = (c: ReviewComment) => c.resolvedAt === null;

/** The reviewers' comments of each line that has some (answers not counted). */
export function commentCounts(comments: readonly ReviewComment[]): Map<number, CommentCount> {
  const counts = new Map<number, CommentCount>();
  for (const c of comments) {
    if (c.replyTo !== null) continue;
    const n = counts.get(c.segmentId) ?? { open: 0, total: 0 };
    counts.set(c.segmentId, { open: n.open + (isOpen(c) ? 1 : 0), total: n.total + 1 });
  }
  return counts;
}

/** how many reviewers' comments are not resolved */
export const openCount = (comments: readonly ReviewComment[]) =>
  comments.filter((c) => c.replyTo === null && isOpen(c)).length;

/**
 * The comments as threads grouped by line, in the lines' order (`placeOf`: a line's index now, or
 * undefined for a line no longer in the task, whose threads come last); `openOnly` keeps the
 * threads not resolved (and the lines that have one).
 */
export function groupThreads(
  comments: readonly ReviewComment[],
  placeOf: (segmentId: number) => number | undefined,
  openOnly = false,
): LineThreads[] {
  const byId = new Map<string, ReviewThread>();
  const lines = new Map<number, ReviewThread[]>();
  for (const c of comments) {
    if (c.replyTo !== null) continue;
    const thread: ReviewThread = { comment: c, answers: [] };
    byId.set(c.id, thread);
    const list = lines.get(c.segmentId);
    if (list) list.push(thread);
    else lines.set(c.segmentId, [thread]);
  }
  for (const c of comments) if (c.replyTo !== null) byId.get(c.replyTo)?.answers.push(c);
  const byTime = (a: ReviewComment, b: ReviewComment) => a.createdAt.localeCompare(b.createdAt);
  const groups: LineThreads[] = [];
  for (const [segmentId, all] of lines) {
    const threads = (openOnly ? all.filter((th) => isOpen(th.comment)) : all).sort((a, b) =>
      byTime(a.comment, b.comment),
    );
    if (!threads.length) continue;
    for (const th of threads) th.answers.sort(byTime);
    groups.push({
      segmentId,
      place: placeOf(segmentId) ?? null,
      threads,
      open: all.filter((th) => isOpen(th.comment)).length,
    });
  }
  return groups.sort(
    (a, b) =>
      (a.place ?? Number.MAX_SAFE_INTEGER) - (b.place ?? Number.MAX_SAFE_INTEGER) ||
      a.segmentId - b.segmentId,
  );
}
