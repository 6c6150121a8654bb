import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

// main.tsx loads this on every page: nothing here may bring the contract's schemas or error table

/** a token's shape (REVIEW_LIMITS.tokenLength characters of base64url), checked before asking */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token of a review link from the address's fragment (`#<token>`); null when it is not one. */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return TOKEN.test(token) ? token : null;
}

export const reviewPageKey = (token: string) => ['review-page', token] as const;

export const reviewQuery = (token: string) => ({
  queryKey: reviewPageKey(token),
  queryFn: () => api('reviewOpen', { token }),
  staleTime: Infinity,
});

/**
 * Called by main.tsx before the first render: a review link's lines are asked for alongside the
 * app's code, the host's profile and the texts, not after the page has mounted (measured on a
 * 1,000-line link: the call started 1.6 s after navigation, the page's code was there at 0.7 s).
 */
export function prefetchReviewPage(client: QueryClient, pathname: string, hash: string): void {
  const token = pathname.replace(/\/+$/, '') === paths.review ? tokenFromHash(hash) : null;
  if (token) void client.prefetchQuery(reviewQuery(token));
}
