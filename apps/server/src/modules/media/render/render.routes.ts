import type { FastifyInstance } from 'fastify';
import { ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import { route } from '../../../http/route.js';
import { currentUser } from '../../accounts/auth-plugin.js';
import { renderPreview } from './render-preview.service.js';
import { renderDownload, renderState, startRender } from './render.service.js';

/** Issue 40 §1: a task's video with its lines burned in. */
export function renderRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = { config: { auth: 'user' as const } };

  route(app, ROUTES.taskRenderState, user, async (req) =>
    ok(await renderState(ctx, currentUser(req).id, req.body.id, req.lang)),
  );

  route(app, ROUTES.taskRenderPreview, user, async (req) =>
    ok(await renderPreview(ctx, currentUser(req).id, req.body)),
  );

  route(app, ROUTES.taskRender, user, async (req) =>
    ok(await startRender(ctx, currentUser(req).id, req.body, req.lang)),
  );

  route(app, ROUTES.taskRenderDownload, user, async (req) =>
    ok(await renderDownload(ctx, currentUser(req).id, req.body.id)),
  );
}
