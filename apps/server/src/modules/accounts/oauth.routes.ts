import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API, ok, ROUTES } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { setSessionCookie } from './auth-plugin.js';
import { AppError, invalidField } from '../../http/errors.js';
import { requestedHost, requestOrigin } from '../../http/request-host.js';
import { normalOrigin } from '../../http/host-name.js';
import { siteConfigFor } from '../../config/site-config.js';
import { requestMeta } from './accounts.routes.js';
import { rememberDevice } from './device-cookie.js';
import {
  beginGoogle,
  finishGoogle,
  finishWechat,
  issueWechatState,
  rateLimitOAuth,
  reasonOf,
  SignInRefused,
} from './oauth.service.js';

const googleAuthQuery = z.object({ redirect_uri: z.string().min(1).max(2048) });

/** This request's origin, normalised like URL#origin (no default port); PUBLIC_URL's if it has none. */
function originOf(ctx: AppContext, req: FastifyRequest): string {
  return requestOrigin(req) ?? ctx.publicOrigin;
}

/** Where a sign-in may return to: this site's own origin, PUBLIC_URL or a trusted origin only. */
function allowedReturn(ctx: AppContext, req: FastifyRequest, target: string): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const origins = new Set([originOf(ctx, req), ...ctx.trustedOrigins]);
  const origin = normalOrigin(url.toString());
  return origin !== null && origins.has(origin) ? url.toString() : null;
}

/** The page the browser goes back to, with `error=<code>` for the web to show. */
function withError(target: string, code: string): string {
  const url = new URL(target);
  url.searchParams.set('error', code);
  return url.toString();
}

/** The provider's code must not reach the access log with the callback URL. */
const callbackLogSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: `${req.url.split('?')[0] ?? ''}?[redacted]`,
    host: requestedHost(req),
    remoteAddress: req.ip,
  }),
};

/**
 * Google (OpenID Connect, browser redirects) and WeChat QR sign-in (JSON calls). Each answers
 * FEATURE_DISABLED unless its provider is configured and the host's site profile offers it.
 */
export function oauthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(API.googleAuth, async (req, reply) => {
    const google = ctx.oauth.google;
    if (!google || !siteConfigFor(ctx, req).googleLogin) throw new AppError('FEATURE_DISABLED', 'Google');
    const query = googleAuthQuery.safeParse(req.query);
    const returnTo = query.success ? allowedReturn(ctx, req, query.data.redirect_uri) : null;
    if (!returnTo) throw invalidField(['redirect_uri'], { kind: 'invalid' });
    try {
      await rateLimitOAuth(ctx, req.ip);
    } catch (err) {
      if (err instanceof AppError) return reply.redirect(withError(returnTo, 'rate_limited'), 302);
      throw err;
    }
    try {
      return reply.redirect((await beginGoogle(ctx, google, originOf(ctx, req), returnTo)).toString(), 302);
    } catch (err) {
      req.log.error({ provider: 'google', reason: reasonOf(err) }, 'Google sign-in could not start');
      return reply.redirect(withError(returnTo, 'google_login_failed'), 302);
    }
  });

  app.get(API.googleCallback, { logSerializers: callbackLogSerializers }, async (req, reply) => {
    const origin = originOf(ctx, req);
    const enabled = siteConfigFor(ctx, req).googleLogin;
    const { returnTo, result } = await finishGoogle(
      ctx,
      new URL(`${origin}${req.url}`),
      enabled,
      requestMeta(req),
    );
    const back = returnTo ?? `${origin}/login`;
    if (result instanceof SignInRefused) {
      req.log.warn(
        { provider: 'google', kind: result.kind, reason: result.message },
        'Google sign-in refused',
      );
      return reply.redirect(
        withError(back, result.kind === 'rate_limited' ? 'rate_limited' : 'google_login_failed'),
        302,
      );
    }
    setSessionCookie(req, reply, result.token);
    rememberDevice(req, reply, ctx.secret, result.user.id);
    req.log.info({ provider: 'google', userId: result.user.id }, 'signed in with Google');
    return reply.redirect(back, 302);
  });

  route(app, ROUTES.wechatState, {}, async (req) => {
    const wechat = ctx.oauth.wechat;
    if (!wechat || !siteConfigFor(ctx, req).wechatLogin) throw new AppError('FEATURE_DISABLED', 'WeChat');
    await rateLimitOAuth(ctx, req.ip);
    const state = await issueWechatState(ctx);
    return ok({ appId: wechat.appId, state, redirectUri: `${originOf(ctx, req)}/login` });
  });

  route(app, ROUTES.wechatLogin, {}, async (req, reply) => {
    const wechat = ctx.oauth.wechat;
    if (!wechat || !siteConfigFor(ctx, req).wechatLogin) throw new AppError('FEATURE_DISABLED', 'WeChat');
    const body = req.body;
    await rateLimitOAuth(ctx, req.ip);
    try {
      const { user, token } = await finishWechat(ctx, wechat, body, requestMeta(req));
      setSessionCookie(req, reply, token);
      rememberDevice(req, reply, ctx.secret, user.id);
      req.log.info({ provider: 'wechat', userId: user.id }, 'signed in with WeChat');
      return ok(user);
    } catch (err) {
      if (!(err instanceof SignInRefused)) throw err;
      req.log.warn({ provider: 'wechat', kind: err.kind, reason: err.message }, 'WeChat sign-in refused');
      throw new AppError('WECHAT_LOGIN_FAILED', undefined, { reason: err.kind });
    }
  });
}
