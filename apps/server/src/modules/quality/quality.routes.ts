import type { FastifyInstance } from 'fastify';
import { ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { getQualityLimits, saveQualityLimits } from './quality.service.js';

/** The user's quality limits (reading norms) per target language. */
export function qualityRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.qualityGet, { config: { auth: 'user' } }, async (req) =>
    ok(await getQualityLimits(ctx, currentUser(req).id, req.body.target)),
  );
  route(app, ROUTES.qualitySave, { config: { auth: 'user' } }, async (req) =>
    ok(await saveQualityLimits(ctx, currentUser(req).id, req.body)),
  );
}
