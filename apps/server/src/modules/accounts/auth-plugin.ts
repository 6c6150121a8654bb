import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiKeyToken, SESSION } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { isCrossSiteForgery } from '../../http/csrf.js';
import { isHttps } from '../../http/request-host.js';
import { languageFromAcceptLanguage } from '../../http/i18n.js';
import '../../http/types.js';
import { resolveSession, type ResolvedSession } from './sessions.js';
import { resolveApiKey } from './api-keys.js';
import { KeyCallLimiter } from './key-rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller's session, on routes declared with an `auth` mode (http/types.ts) */
    auth: ResolvedSession | null;
  }
}

/** The session token: Bearer header, then the session-id header, then the cookie. */
export function sessionTokenOf(req: FastifyRequest): { token: string; fromCookie: boolean } | null {
  const authz = req.headers.authorization;
  if (authz?.startsWith('Bearer ')) {
    const token = authz.slice(7).trim();
    if (token) return { token, fromCookie: false };
  }
  const header = req.headers[SESSION.headerName];
  if (typeof header === 'string' && header) return { token: header, fromCookie: false };
  const cookie = req.cookies[SESSION.cookieName];
  return cookie ? { token: cookie, fromCookie: true } : null;
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION.cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(req),
    path: '/',
    maxAge: SESSION.slidingDays * 24 * 3600,
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION.cookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(req),
  });
}

export function installAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (req) => {
    req.lang = languageFromAcceptLanguage(req.headers['accept-language']) ?? 'zh';
    if (isCrossSiteForgery(req, ctx.trustedOrigins)) throw new AppError('CSRF');
  });

  // before validation: a caller without a session (or without the manager flag) is refused as
  // such, not told about their body, and validation messages use the signed-in user's language
  const keyCalls = new KeyCallLimiter(ctx.rateLimits.apiKeyCalls);
  app.addHook('preValidation', async (req, reply) => {
    const mode = req.routeOptions.config.auth;
    if (!mode) return;
    const found = sessionTokenOf(req);
    if (found && !found.fromCookie && isApiKeyToken(found.token)) {
      const caller = await resolveApiKey(ctx.db, found.token, ctx.sessionCache);
      if (!caller) throw new AppError('API_KEY_INVALID');
      if (caller.user.language) req.lang = caller.user.language;
      const needs = req.routeOptions.config.keyScope;
      if (!needs || mode === 'manager') throw new AppError('API_KEY_NOT_ALLOWED');
      if (needs === 'translate' && caller.apiKey.scope !== 'translate')
        throw new AppError('API_KEY_READ_ONLY');
      const wait = await keyCalls.take(ctx.db, caller.apiKey.id);
      if (wait !== null)
        throw new AppError('API_KEY_RATE_LIMITED', undefined, {
          limit: ctx.rateLimits.apiKeyCalls.limit,
          retryAfter: wait,
        });
      req.auth = caller;
      return;
    }
    const session = found ? await resolveSession(ctx.db, found.token, ctx.sessionCache) : null;
    if (session) {
      req.auth = session;
      if (session.user.language) req.lang = session.user.language;
      // sliding cookie: pushed 7 days out together with the (throttled) database expiry
      if (found?.fromCookie && session.touched) setSessionCookie(req, reply, found.token);
    } else if (found?.fromCookie && mode !== 'optional') {
      clearSessionCookie(req, reply);
    }
    if (mode === 'optional') return;
    if (!session) throw new AppError('UNAUTHENTICATED');
    if (mode === 'manager' && !session.user.is_manager) throw new AppError('MANAGER_ONLY');
  });
}

/** The signed-in user of a route declared with auth 'user' or 'manager'. */
export function currentUser(req: FastifyRequest) {
  if (!req.auth) throw new AppError('UNAUTHENTICATED');
  return req.auth.user;
}
