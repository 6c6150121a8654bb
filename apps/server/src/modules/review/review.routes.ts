import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { requestOrigin } from '../../http/request-host.js';
import { route } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { commentOnLine, openReview } from './review-public.service.js';
import {
  answerComment,
  approveTask,
  createReviewLink,
  ownerReview,
  resolveComment,
  reviewLinksOf,
  revokeReviewLink,
} from './review.service.js';

/** Issue 40 §2: review links, the owner's calls and the reviewer's (no account). */
export function reviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = { config: { auth: 'user' as const } };
  /** the site the owner uses, when this deployment knows it (a forged Host gets PUBLIC_URL's) */
  const originFor = (req: FastifyRequest) => {
    const origin = requestOrigin(req);
    return origin && ctx.hosts.isKnown(new URL(origin).hostname) ? origin : ctx.publicOrigin;
  };

  route(app, ROUTES.taskReviewLinks, user, async (req) =>
    ok(await reviewLinksOf(ctx, currentUser(req).id, req.body.id)),
  );
  route(app, ROUTES.taskReviewLinkCreate, user, async (req) =>
    ok(await createReviewLink(ctx, currentUser(req).id, req.body, originFor(req))),
  );
  route(app, ROUTES.taskReviewLinkRevoke, user, async (req) =>
    ok(await revokeReviewLink(ctx, currentUser(req).id, req.body)),
  );
  route(app, ROUTES.taskReviewComments, user, async (req) =>
    ok(await ownerReview(ctx, currentUser(req).id, req.body.id)),
  );
  route(app, ROUTES.taskReviewAnswer, user, async (req) =>
    ok(await answerComment(ctx, currentUser(req).id, req.body)),
  );
  route(app, ROUTES.taskReviewResolve, user, async (req) =>
    ok(await resolveComment(ctx, currentUser(req).id, req.body)),
  );
  route(app, ROUTES.taskReviewApprove, user, async (req) =>
    ok(await approveTask(ctx, currentUser(req).id, req.body)),
  );

  // the reviewer's: whoever holds the token, no session read; never cached, never indexed
  route(app, ROUTES.reviewOpen, {}, async (req, reply) => {
    void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    return ok(await openReview(ctx, req.body.token, req.ip));
  });
  route(app, ROUTES.reviewComment, {}, async (req, reply) => {
    void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    return ok(await commentOnLine(ctx, req.body, req.ip));
  });
}
