import { z } from 'zod';

/**
 * Issue 40 §2: a link the owner of a task sends a colleague or client, who opens it without an
 * account and reads (or comments on) the lines; the owner answers and resolves the comments in the
 * editor and marks the task approved.
 *
 * The link is `/review#<token>`: the token (256 random bits) travels in the fragment, which a
 * browser never sends to a server, so it is in no request line, log or Referer; the page sends it
 * in the body of `/review/open` and `/review/comment`. The server keeps only its SHA-256.
 */
export const REVIEW_LIMITS = {
  /** how long a new link lasts: a choice of days */
  expiryDays: [1, 7, 30] as const,
  defaultExpiryDays: 7,
  /** links of a task that are not expired or revoked */
  maxActiveLinks: 20,
  maxNameLength: 60,
  maxCommentLength: 2000,
  /** comments made through one link (the owner's answers are not counted) */
  maxCommentsPerLink: 500,
  /** the token's characters (base64url of 32 bytes) */
  tokenLength: 43,
} as const;

export const REVIEW_ACCESS = ['read', 'comment'] as const;
export type ReviewAccess = (typeof REVIEW_ACCESS)[number];
export const REVIEW_LINK_STATES = ['active', 'expired', 'revoked'] as const;

/** the page a link opens, the token after `#` */
export const REVIEW_PAGE_PATH = '/review';

const reviewToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** /task/review_link_create */
export const createReviewLinkBody = z.object({
  /** the task */
  id: z.uuid(),
  /** `read`: the lines only; `comment`: the reviewer may comment on them */
  access: z.enum(REVIEW_ACCESS).default('comment'),
  expiresInDays: z
    .union([z.literal(1), z.literal(7), z.literal(30)])
    .default(REVIEW_LIMITS.defaultExpiryDays),
});
export type CreateReviewLinkBody = z.input<typeof createReviewLinkBody>;

export const reviewLinkSchema = z.object({
  id: z.string(),
  access: z.enum(REVIEW_ACCESS),
  state: z.enum(REVIEW_LINK_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** comments made through it */
  comments: z.number().int(),
});
export type ReviewLink = z.infer<typeof reviewLinkSchema>;

/** the new link with its address: shown once (only a hash of the token is kept) */
export const createdReviewLinkSchema = reviewLinkSchema.extend({ url: z.string() });
export type CreatedReviewLink = z.infer<typeof createdReviewLinkSchema>;

/** /task/review_links: the task's links, newest first */
export const reviewLinksSchema = z.object({ links: z.array(reviewLinkSchema) });
export type ReviewLinks = z.infer<typeof reviewLinksSchema>;

/** /task/review_link_revoke: the link stops at once */
export const revokeReviewLinkBody = z.object({ id: z.uuid(), linkId: z.uuid() });

export const reviewCommentSchema = z.object({
  id: z.string(),
  /** the line's id (it survives edits around it) */
  segmentId: z.number().int(),
  /** the reviewer's name as they gave it; null for the owner's answers */
  author: z.string().nullable(),
  byOwner: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  /** an answer: the comment it answers (always a reviewer's); null for a reviewer's comment */
  replyTo: z.string().nullable(),
  /** a reviewer's comment the owner resolved (null: open); null for answers */
  resolvedAt: z.string().nullable(),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/** /task/review_comments: every comment on the task's lines, oldest first, and its approval */
export const ownerReviewSchema = z.object({
  comments: z.array(reviewCommentSchema),
  /** when the owner marked the task approved; null: not approved */
  approvedAt: z.string().nullable(),
});
export type OwnerReview = z.infer<typeof ownerReviewSchema>;

const commentBody = z.string().trim().min(1).max(REVIEW_LIMITS.maxCommentLength);

/** /task/review_answer: the owner answers a reviewer's comment */
export const answerCommentBody = z.object({ id: z.uuid(), commentId: z.uuid(), body: commentBody });
/** /task/review_resolve: a reviewer's comment resolved, or opened again */
export const resolveCommentBody = z.object({ id: z.uuid(), commentId: z.uuid(), resolved: z.boolean() });
/** /task/review_approve: the task marked approved, or not */
export const approveTaskBody = z.object({ id: z.uuid(), approved: z.boolean() });
export const approvalSchema = z.object({ approvedAt: z.string().nullable() });

/** /review/open: what the reviewer sees (nothing of the owner's account) */
export const openReviewBody = z.object({ token: reviewToken });

export const reviewLineSchema = z.object({
  id: z.number().int(),
  startMs: z.number().int(),
  endMs: z.number().int(),
  original: z.string(),
  translated: z.string(),
});
export type ReviewLine = z.infer<typeof reviewLineSchema>;

export const reviewPageSchema = z.object({
  fileName: z.string(),
  originalLanguage: z.string(),
  targetLanguage: z.string(),
  access: z.enum(REVIEW_ACCESS),
  expiresAt: z.string(),
  approved: z.boolean(),
  /** the task's audio or video to play beside the lines (a signed URL for a few hours); null: none */
  media: z.object({ url: z.string(), type: z.union([z.literal(1), z.literal(2)]) }).nullable(),
  lines: z.array(reviewLineSchema),
  /** the comments made through this link, with the owner's answers to them, oldest first */
  comments: z.array(reviewCommentSchema),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** /review/comment: a comment on a line, signed with a name */
export const reviewCommentBody = z.object({
  token: reviewToken,
  segmentId: z.number().int().min(1),
  name: z.string().trim().min(1).max(REVIEW_LIMITS.maxNameLength),
  body: commentBody,
});
export type ReviewCommentBody = z.input<typeof reviewCommentBody>;
