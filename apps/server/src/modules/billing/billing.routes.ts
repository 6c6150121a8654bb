import type { FastifyInstance } from 'fastify';
import { ok, type PointSummary, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { AppError } from '../../http/errors.js';
import { findLiveUserById } from '../accounts/users.repository.js';
import * as ledger from './ledger.service.js';

export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.getPoint, { config: { auth: 'user' } }, async (req) => {
    return ok({ point: await ledger.getBalance(ctx.db, currentUser(req).id) });
  });

  route(app, ROUTES.decrPoint, { config: { auth: 'user' } }, async (req) => {
    const { points } = req.body;
    return ok({ point: await ledger.debit(ctx.db, currentUser(req).id, points, req.id) });
  });

  route(app, ROUTES.pointHistory, { config: { auth: 'user' } }, async (req) => {
    const { page, size } = req.body;
    return ok(await ledger.listHistory(ctx.db, currentUser(req).id, page, size));
  });

  route(app, ROUTES.pointLots, { config: { auth: 'user' } }, async (req) => {
    const userId = currentUser(req).id;
    const [point, held, lots] = await Promise.all([
      ledger.getBalance(ctx.db, userId),
      ledger.getHeld(ctx.db, userId),
      ledger.listLots(ctx.db, userId),
    ]);
    return ok<PointSummary>({ point, held, lots });
  });

  route(app, ROUTES.grantPoints, { config: { auth: 'manager' } }, async (req) => {
    const body = req.body;
    if (!(await findLiveUserById(ctx.db, body.userId))) throw new AppError('USER_NOT_FOUND');
    const balance = await ledger.grant(ctx.db, currentUser(req).id, body.userId, body.points, {
      note: body.note ?? null,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    });
    return ok({ point: balance });
  });
}
