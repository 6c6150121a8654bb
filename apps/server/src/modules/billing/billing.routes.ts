import type { FastifyInstance } from 'fastify';
import { API, decrPointBody, grantPointsBody, ok, pageBody, type PointSummary } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { AppError } from '../../http/errors.js';
import { findLiveUserById } from '../accounts/users.repository.js';
import * as ledger from './ledger.service.js';

export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(API.getPoint, { config: { auth: 'user' } }, async (req) => {
    return ok({ point: await ledger.getBalance(ctx.db, currentUser(req).id) });
  });

  app.post(API.decrPoint, { schema: { body: decrPointBody }, config: { auth: 'user' } }, async (req) => {
    const { points } = decrPointBody.parse(req.body);
    return ok({ point: await ledger.debit(ctx.db, currentUser(req).id, points, req.id) });
  });

  app.post(API.pointHistory, { schema: { body: pageBody }, config: { auth: 'user' } }, async (req) => {
    const { page, size } = pageBody.parse(req.body);
    return ok(await ledger.listEntries(ctx.db, currentUser(req).id, page, size));
  });

  app.post(API.pointLots, { config: { auth: 'user' } }, async (req) => {
    const userId = currentUser(req).id;
    const [point, held, lots] = await Promise.all([
      ledger.getBalance(ctx.db, userId),
      ledger.getHeld(ctx.db, userId),
      ledger.listLots(ctx.db, userId),
    ]);
    return ok<PointSummary>({ point, held, lots });
  });

  app.post(
    API.grantPoints,
    { schema: { body: grantPointsBody }, config: { auth: 'manager' } },
    async (req) => {
      const body = grantPointsBody.parse(req.body);
      if (!(await findLiveUserById(ctx.db, body.userId))) throw new AppError('USER_NOT_FOUND');
      const balance = await ledger.grant(ctx.db, currentUser(req).id, body.userId, body.points, {
        note: body.note ?? null,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      });
      return ok({ point: balance });
    },
  );
}
