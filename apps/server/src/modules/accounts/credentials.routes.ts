import type { FastifyInstance } from 'fastify';
import { LIMITS, ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { requestMeta } from './accounts.routes.js';
import { clearSessionCookie, currentUser } from './auth-plugin.js';
import { sendEmailCode, setEmail } from './email-change.service.js';
import { changePassword, logoutEverywhere, resetPassword, sendResetCode } from './passwords.service.js';

/** The account's password, its sessions as a whole, and the email of an account without one. */
export function credentialsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.sendResetCode, {}, async (req) => {
    await sendResetCode(ctx, req.body.email, requestMeta(req));
    return ok({ resendAfterSeconds: LIMITS.resendSeconds });
  });

  route(app, ROUTES.resetPassword, {}, async (req) => {
    await resetPassword(ctx, req.body, requestMeta(req));
    return ok(null);
  });

  route(app, ROUTES.changePassword, { config: { auth: 'user' } }, async (req) => {
    if (!req.auth) throw new AppError('UNAUTHENTICATED');
    await changePassword(ctx, currentUser(req), req.auth.sessionId, req.body);
    return ok(null);
  });

  route(app, ROUTES.logoutAll, { config: { auth: 'user' } }, async (req, reply) => {
    await logoutEverywhere(ctx, currentUser(req).id);
    clearSessionCookie(req, reply);
    return ok(null);
  });

  route(app, ROUTES.sendEmailCode, { config: { auth: 'user' } }, async (req) => {
    await sendEmailCode(ctx, currentUser(req), req.body.email, requestMeta(req));
    return ok({ resendAfterSeconds: LIMITS.resendSeconds });
  });

  route(app, ROUTES.setEmail, { config: { auth: 'user' } }, async (req) => {
    return ok(await setEmail(ctx, currentUser(req), req.body));
  });
}
