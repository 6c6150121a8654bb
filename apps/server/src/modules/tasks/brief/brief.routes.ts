import type { FastifyInstance } from 'fastify';
import { ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import { route } from '../../../http/route.js';
import { currentUser } from '../../accounts/auth-plugin.js';
import { continueTask, saveTaskBrief, taskBrief } from './brief.service.js';

/** The film brief of a task (issue 26): read it, correct it, go on after reviewing it. */
export function briefRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.taskBrief, { config: { auth: 'user' } }, async (req) =>
    ok(await taskBrief(ctx, currentUser(req).id, req.body.id)),
  );

  route(app, ROUTES.taskSaveBrief, { config: { auth: 'user' } }, async (req) =>
    ok(await saveTaskBrief(ctx, currentUser(req).id, req.body.id, req.body.brief)),
  );

  route(app, ROUTES.taskContinue, { config: { auth: 'user' } }, async (req) =>
    ok(await continueTask(ctx, currentUser(req).id, req.body)),
  );
}
