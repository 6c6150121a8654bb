import type { FastifyInstance } from 'fastify';
import { ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { removeWebhook, setWebhook, webhookOf } from './webhooks.service.js';

/** Issue 39: the user's webhook endpoint and its delivery log; a session's calls (no key's). */
export function webhooksRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.webhookGet, { config: { auth: 'user' } }, async (req) =>
    ok(await webhookOf(ctx, currentUser(req).id)),
  );
  route(app, ROUTES.webhookSet, { config: { auth: 'user' } }, async (req) =>
    ok(await setWebhook(ctx, currentUser(req).id, req.body.url)),
  );
  route(app, ROUTES.webhookDelete, { config: { auth: 'user' } }, async (req) => {
    await removeWebhook(ctx, currentUser(req).id);
    return ok(null);
  });
}
