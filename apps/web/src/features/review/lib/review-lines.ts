import type { ReviewComment, ReviewLine } from '@subtrans/contract';

/** A reviewer's comment with the owner's answers to it, oldest first. */
export interface Thread {
  comment: ReviewComment;
  answers: ReviewComment[];
}

/**
 * The comments of each line as threads. The server sends them oldest first; an answer whose
 * comment is not in the list (it should not happen) still shows, as a thread of its own.
 */
export function threadsByLine(comments: readonly ReviewComment[]): Map<number, Thread[]> {
  const byId = new Map<string, Thread>();
  const out = new Map<number, Thread[]>();
  const add = (segmentId: number, thread: Thread) => {
    const list = out.get(segmentId);
    if (list) list.push(thread);
    else out.set(segmentId, [thread]);
  };
  for (const c of comments) {
    const parent = c.replyTo === null ? undefined : byId.get(c.replyTo);
    if (parent) {
      parent.answers.push(c);
      continue;
    }
    const thread = { comment: c, answers: [] };
    if (c.replyTo === null) byId.set(c.id, thread);
    add(c.segmentId, thread);
  }
  return out;
}

/** The index of the line shown at `ms`: the last one starting at or before it, if not ended. */
export function lineAt(lines: readonly ReviewLine[], ms: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]!.startMs <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && ms < lines[found]!.endMs ? found : -1;
}

/** A line's time as a reader wants it: m:ss, or h:mm:ss past an hour. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
