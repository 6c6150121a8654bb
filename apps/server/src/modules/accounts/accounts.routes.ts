import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  LIMITS,
  createUserBody,
  deleteUserBody,
  emailAuthBody,
  ok,
  pageBody,
  profileBody,
  registerBody,
  sendCodeBody,
  updateProfileBody,
  closeAccountBody,
} from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { clearSessionCookie, currentUser, sessionTokenOf, setSessionCookie } from './auth-plugin.js';
import { AppError, invalidField } from '../../http/errors.js';
import { readMultipartForm } from '../../http/multipart.js';
import * as accounts from './accounts.service.js';
import { saveAvatar, AVATAR_TYPES } from './avatars.js';
import { toUser } from './users.repository.js';
import { knownAccounts, rememberDevice } from './device-cookie.js';
import { verifyPassword } from './passwords.js';

export function requestMeta(req: FastifyRequest): accounts.RequestMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'], lang: req.lang };
}

export function accountsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(API.emailAuth, { schema: { body: emailAuthBody } }, async (req, reply) => {
    const { email, pass } = emailAuthBody.parse(req.body);
    const known = knownAccounts(req, ctx.secret);
    const { user, token } = await accounts.login(ctx, email, pass, requestMeta(req), known);
    setSessionCookie(req, reply, token);
    rememberDevice(req, reply, ctx.secret, user.id);
    return ok(user);
  });

  app.post(API.sendCode, { schema: { body: sendCodeBody } }, async (req) => {
    const { email } = sendCodeBody.parse(req.body);
    await accounts.sendRegisterCode(ctx, email, requestMeta(req));
    return ok({ resendAfterSeconds: LIMITS.resendSeconds });
  });

  app.post(API.register, { schema: { body: registerBody } }, async (req, reply) => {
    const body = registerBody.parse(req.body);
    const { user, token } = await accounts.register(ctx, body, requestMeta(req));
    setSessionCookie(req, reply, token);
    rememberDevice(req, reply, ctx.secret, user.id);
    return ok(user);
  });

  app.post(API.profile, { schema: { body: profileBody }, config: { auth: 'user' } }, async (req) => {
    return ok(toUser(currentUser(req)));
  });

  app.post(API.logout, { config: { auth: 'optional' } }, async (req, reply) => {
    await accounts.logout(ctx, sessionTokenOf(req)?.token);
    clearSessionCookie(req, reply);
    return ok(null);
  });

  app.post(
    API.updateProfile,
    { schema: { body: updateProfileBody }, config: { auth: 'user' } },
    async (req) => {
      const body = updateProfileBody.parse(req.body);
      return ok(await accounts.updateProfile(ctx, currentUser(req), body));
    },
  );

  app.post(
    API.closeAccount,
    { schema: { body: closeAccountBody }, config: { auth: 'user' } },
    async (req, reply) => {
      const user = currentUser(req);
      const body = closeAccountBody.parse(req.body);
      // an account with a password must confirm it; OAuth-only accounts have none
      if (user.password_hash && !(await verifyPassword(user.password_hash, body?.pass ?? ''))) {
        throw new AppError('LOGIN_FAILED');
      }
      await accounts.closeAccount(ctx, user.id);
      clearSessionCookie(req, reply);
      return ok(null);
    },
  );

  app.post(API.allUsers, { schema: { body: pageBody }, config: { auth: 'manager' } }, async (req) => {
    const { page, size } = pageBody.parse(req.body);
    return ok(await accounts.listUsers(ctx, page, size));
  });

  app.post(API.createUser, { schema: { body: createUserBody }, config: { auth: 'manager' } }, async (req) => {
    return ok(await accounts.createUser(ctx, createUserBody.parse(req.body)));
  });

  app.post(API.deleteUser, { schema: { body: deleteUserBody }, config: { auth: 'manager' } }, async (req) => {
    const { id } = deleteUserBody.parse(req.body);
    await accounts.deleteUser(ctx, currentUser(req), id);
    return ok(null);
  });

  app.post(API.uploadAvatar, { config: { auth: 'user' } }, async (req) => {
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
