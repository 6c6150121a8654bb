import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ErrorCodes, type ReviewComment, type ReviewPage } from '@subtrans/contract';
import { api, ApiError } from '../../../lib/api-client';

/** a token's shape (REVIEW_LIMITS.tokenLength characters of base64url), checked before asking */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token of a review link from the address's fragment (`#<token>`); null when it is not one. */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return TOKEN.test(token) ? token : null;
}

export const reviewPageKey = (token: string) => ['review-page', token] as const;

/**
 * What a review link shows. Read once: asking again would hand the player a new signed URL and
 * restart the video, and a comment posted here is added to this copy (addComment).
 */
export function useReviewPage(token: string | null) {
  return useQuery({
    queryKey: reviewPageKey(token ?? ''),
    queryFn: () => api('reviewOpen', { token: token! }),
    enabled: token !== null,
    staleTime: Infinity,
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
