import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { clearSessionCookie, currentUser, sessionTokenOf, setSessionCookie } from './auth-plugin.js';
import { invalidField } from '../../http/errors.js';
import { readMultipartForm } from '../../http/multipart.js';
import * as accounts from './accounts.service.js';
import { saveAvatar, AVATAR_TYPES } from './avatars.js';
import { accountUser } from './account-user.js';
import { knownAccounts, rememberDevice } from './device-cookie.js';
import { checkCurrentPassword } from './passwords.service.js';

export function requestMeta(req: FastifyRequest): accounts.RequestMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'], lang: req.lang };
}

export function accountsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ROUTES.emailAuth, {}, async (req, reply) => {
    const { email, pass } = req.body;
    const known = knownAccounts(req, ctx.secret);
    const { user, token } = await accounts.login(ctx, email, pass, requestMeta(req), known);
    setSessionCookie(req, reply, token);
    rememberDevice(req, reply, ctx.secret, user.id);
    return ok(user);
  });

  route(app, ROUTES.sendCode, {}, async (req) => {
    const { email } = req.body;
    await accounts.sendRegisterCode(ctx, email, requestMeta(req));
    return ok({ resendAfterSeconds: LIMITS.resendSeconds });
  });

  route(app, ROUTES.register, {}, async (req, reply) => {
    const body = req.body;
    const { user, token } = await accounts.register(ctx, body, requestMeta(req));
    setSessionCookie(req, reply, token);
    rememberDevice(req, reply, ctx.secret, user.id);
    return ok(user);
  });

  route(app, ROUTES.profile, { config: { auth: 'user' } }, async (req) => {
    // trial points only in answers that name the account: the session lookup every call makes
    // stays one read
    return ok(await accountUser(ctx, currentUser(req)));
  });

  route(app, ROUTES.logout, { config: { auth: 'optional' } }, async (req, reply) => {
    await accounts.logout(ctx, sessionTokenOf(req)?.token);
    clearSessionCookie(req, reply);
    return ok(null);
  });

  route(app, ROUTES.updateProfile, { config: { auth: 'user' } }, async (req) => {
    const body = req.body;
    return ok(await accounts.updateProfile(ctx, currentUser(req), body));
  });

  route(app, ROUTES.closeAccount, { config: { auth: 'user' } }, async (req, reply) => {
    const user = currentUser(req);
    const body = req.body;
    // an account with a password must confirm it (guesses counted, as for a password change);
    // OAuth-only accounts have none
    if (user.password_hash) await checkCurrentPassword(ctx, user, body?.pass ?? '');
    await accounts.closeAccount(ctx, user.id);
    clearSessionCookie(req, reply);
    return ok(null);
  });

  route(app, ROUTES.allUsers, { config: { auth: 'manager' } }, async (req) => {
    const { page, size } = req.body;
    return ok(await accounts.listUsers(ctx, page, size));
  });

  route(app, ROUTES.createUser, { config: { auth: 'manager' } }, async (req) => {
    return ok(await accounts.createUser(ctx, req.body));
  });

  route(app, ROUTES.deleteUser, { config: { auth: 'manager' } }, async (req) => {
    const { id } = req.body;
    await accounts.deleteUser(ctx, currentUser(req), id);
    return ok(null);
  });

  route(app, ROUTES.uploadAvatar, { config: { auth: 'user' } }, async (req) => {
    const user = currentUser(req);
    const { file } = await readMultipartForm(req, {
      fileField: 'avatar',
      maxFileBytes: LIMITS.avatarMaxBytes,
    });
    if (!file) throw invalidField(['avatar'], { kind: 'required' });
    const url = await saveAvatar(ctx, user.id, file.bytes);
    return ok({ url });
  });

  app.get('/files/avatars/*', async (req, reply) => {
    const rest = (req.params as { '*': string })['*'];
    const ext = rest.split('.').pop() ?? '';
    const type = AVATAR_TYPES[ext];
    let found = null;
    try {
      found = type ? await ctx.storage.get(`avatars/${rest}`) : null;
    } catch {
      found = null;
    }
    if (!found || !type) return reply.status(404).send({ code: 40400, msg: 'not found', data: null });
    return reply
      .header('content-type', type)
      .header('content-length', found.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(found.body);
  });
}
