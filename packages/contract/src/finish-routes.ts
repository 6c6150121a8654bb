import { z } from 'zod';
import { API } from './paths.js';
import * as render from './renders.js';
import * as review from './reviews.js';
import { postRoute as post, type RouteDef } from './route-map.js';
import { taskIdBody } from './tasks.js';

const nothing = z.null();

/**
 * Issue 40, the end of a task's work: its video with the lines burned in, and review links for a
 * colleague or client (the owner's calls need a session or a key; the reviewer's none).
 */
export const FINISH_ROUTES = {
  taskRenderState: post(API.taskRenderState, {
    keyScope: 'read',
    body: taskIdBody,
    response: render.renderStateSchema,
  }),
  taskRenderPreview: post(API.taskRenderPreview, {
    keyScope: 'read',
    body: render.renderPreviewBody,
    response: render.renderPreviewSchema,
  }),
  taskRender: post(API.taskRender, {
    idempotent: true,
    keyScope: 'translate',
    body: render.startRenderBody,
    response: render.renderSchema,
  }),
  taskRenderDownload: post(API.taskRenderDownload, {
    keyScope: 'read',
    body: taskIdBody,
    response: render.renderDownloadSchema,
  }),
  taskReviewLinks: post(API.taskReviewLinks, {
    keyScope: 'read',
    body: taskIdBody,
    response: review.reviewLinksSchema,
  }),
  taskReviewLinkCreate: post(API.taskReviewLinkCreate, {
    keyScope: 'translate',
    body: review.createReviewLinkBody,
    response: review.createdReviewLinkSchema,
  }),
  taskReviewLinkRevoke: post(API.taskReviewLinkRevoke, {
    keyScope: 'translate',
    body: review.revokeReviewLinkBody,
    response: nothing,
  }),
  taskReviewComments: post(API.taskReviewComments, {
    keyScope: 'read',
    body: taskIdBody,
    response: review.ownerReviewSchema,
  }),
  taskReviewAnswer: post(API.taskReviewAnswer, {
    keyScope: 'translate',
    body: review.answerCommentBody,
    response: review.reviewCommentSchema,
  }),
  taskReviewResolve: post(API.taskReviewResolve, {
    keyScope: 'translate',
    body: review.resolveCommentBody,
    response: review.reviewCommentSchema,
  }),
  taskReviewApprove: post(API.taskReviewApprove, {
    keyScope: 'translate',
    body: review.approveTaskBody,
    response: review.approvalSchema,
  }),
  reviewOpen: post(API.reviewOpen, { body: review.openReviewBody, response: review.reviewPageSchema }),
  reviewComment: post(API.reviewComment, {
    body: review.reviewCommentBody,
    response: review.reviewCommentSchema,
  }),
} as const satisfies Record<string, RouteDef>;
