import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ErrorCodes, type ReviewComment, type ReviewPage } from '@subtrans/contract';
import { api, ApiError } from '../../../lib/api-client';
import { reviewPageKey, reviewQuery } from './review-query';

export { prefetchReviewPage, tokenFromHash } from './review-query';

/**
 * What a review link shows. Read once: asking again would hand the player a new signed URL and
 * restart the video, and a comment posted here is added to this copy (addComment).
 */
export function useReviewPage(token: string | null) {
  return useQuery({
    ...reviewQuery(token ?? ''),
    enabled: token !== null,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** the link is unknown, expired or revoked: the page shows that alone */
export const isUnavailable = (e: unknown) =>
  e instanceof ApiError && e.code === ErrorCodes.REVIEW_LINK_UNAVAILABLE.code;

export interface NewComment {
  segmentId: number;
  name: string;
  body: string;
}

export const postComment = (token: string, c: NewComment) =>
  api('reviewComment', { token, segmentId: c.segmentId, name: c.name, body: c.body });

/** A comment the server accepted, added to the page's copy without asking for the page again. */
export function addComment(client: QueryClient, token: string, comment: ReviewComment) {
  client.setQueryData<ReviewPage>(reviewPageKey(token), (page) =>
    page && !page.comments.some((c) => c.id === comment.id)
      ? { ...page, comments: [...page.comments, comment] }
      : page,
  );
}
