import type { FastifyInstance } from 'fastify';
import { ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { currentUser } from './auth-plugin.js';
import { apiKeysOf, createApiKey, revokeApiKey } from './api-keys.js';

/** Issue 39: the signed-in user's API keys. No key may make these calls (no keyScope). */
export function apiKeysRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.apiKeyList, { config: { auth: 'user' } }, async (req) =>
    ok(await apiKeysOf(ctx, currentUser(req).id)),
  );

  route(app, ROUTES.apiKeyCreate, { config: { auth: 'user' } }, async (req) =>
    ok(await createApiKey(ctx, currentUser(req).id, req.body)),
  );

  route(app, ROUTES.apiKeyRevoke, { config: { auth: 'user' } }, async (req) => {
    await revokeApiKey(ctx, currentUser(req).id, req.body.id);
    return ok(null);
  });
}
