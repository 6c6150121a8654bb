import type { FastifyInstance } from 'fastify';
import { ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { currentUser } from '../accounts/auth-plugin.js';
import { deleteSeries, getSeries, listSeries, saveSeries } from './series.service.js';

/** The caller's series and their memory of names and terms. */
export function seriesRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.seriesList, { config: { auth: 'user' } }, async (req) =>
    ok(await listSeries(ctx, currentUser(req).id)),
  );
  route(app, ROUTES.seriesGet, { config: { auth: 'user' } }, async (req) =>
    ok(await getSeries(ctx, currentUser(req).id, req.body.id)),
  );
  // a full memory (500 terms and 100 characters, CJK at 3 bytes a character) may pass 1 MiB
  route(app, ROUTES.seriesSave, { config: { auth: 'user' }, bodyLimit: 3 * 1024 * 1024 }, async (req) =>
    ok(await saveSeries(ctx, currentUser(req).id, req.body)),
  );
  route(app, ROUTES.seriesDelete, { config: { auth: 'user' } }, async (req) => {
    await deleteSeries(ctx, currentUser(req).id, req.body.id);
    return ok(null);
  });
}
