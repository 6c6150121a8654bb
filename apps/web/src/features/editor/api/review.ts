import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CreateReviewLinkBody, OwnerReview, ReviewComment } from '@subtrans/contract';
import { api } from '../../../lib/api-client';

/** the reviewers' comments are asked again this often while the editor is open (and on focus) */
export const REVIEW_POLL_MS = 30_000;

export const reviewCommentsKey = (taskId: string) => ['review-comments', taskId] as const;
export const reviewLinksKey = (taskId: string) => ['review-links', taskId] as const;

/**
 * Issue 40 §2: the comments reviewers made on the task's lines, with the owner's answers, and
 * whether the task is approved; asked again on focus and every 30 s (a reviewer comments while
 * the owner edits).
 */
export function useReviewComments(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewCommentsKey(taskId),
    queryFn: () => api('taskReviewComments', { id: taskId }),
    enabled,
    refetchOnWindowFocus: true,
    refetchInterval: REVIEW_POLL_MS,
    retry: false,
  });
}

/** The task's review links, newest first. */
export function useReviewLinks(taskId: string) {
  return useQuery({
    queryKey: reviewLinksKey(taskId),
    queryFn: () => api('taskReviewLinks', { id: taskId }),
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export const createReviewLink = (body: CreateReviewLinkBody) => api('taskReviewLinkCreate', body);

export const revokeReviewLink = (taskId: string, linkId: string) =>
  api('taskReviewLinkRevoke', { id: taskId, linkId });

/** a comment the server answered taken into the cached list: added, or put in place of its old self */
export function keepComment(client: QueryClient, taskId: string, comment: ReviewComment) {
  client.setQueryData<OwnerReview>(reviewCommentsKey(taskId), (review) => {
    if (!review) return review;
    const known = review.comments.some((c) => c.id === comment.id);
    return {
      ...review,
      comments: known
        ? review.comments.map((c) => (c.id === comment.id ? comment : c))
        : [...review.comments, comment],
    };
  });
}

export const answerComment = (taskId: string, commentId: string, body: string) =>
  api('taskReviewAnswer', { id: taskId, commentId, body });

export const resolveComment = (taskId: string, commentId: string, resolved: boolean) =>
  api('taskReviewResolve', { id: taskId, commentId, resolved });

/** the task marked approved (or not), the cached review told */
export async function approveTask(client: QueryClient, taskId: string, approved: boolean) {
  const { approvedAt } = await api('taskReviewApprove', { id: taskId, approved });
  client.setQueryData<OwnerReview>(
    reviewCommentsKey(taskId),
    (review) => review && { ...review, approvedAt },
  );
  return approvedAt;
}
