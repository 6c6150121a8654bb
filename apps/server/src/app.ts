import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  ErrorCodes,
  LIMITS,
  OAUTH_PICTURE_HOSTS,
  REVIEW_PAGE_PATH,
  errorMessage,
  uiLanguageSchema,
} from '@subtrans/contract';
import type { AppContext } from './context.js';
import { installErrorHandling } from './http/envelope-plugin.js';
import { fastifyTrustProxy } from './config/trust-proxy.js';
import { installValidation } from './http/validation.js';
import { installResponseCheck } from './http/route.js';
import { installOpenApi } from './http/openapi.js';
import { installAuth } from './modules/accounts/auth-plugin.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { createPrerenderer } from './http/prerender.js';
import { createPreloader } from './http/preload.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { credentialsRoutes } from './modules/accounts/credentials.routes.js';
import { apiKeysRoutes } from './modules/accounts/api-keys.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { installIdempotency } from './modules/idempotency/idempotency-plugin.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { siteConfigFor } from './config/site-config.js';
import { oauthRoutes } from './modules/accounts/oauth.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { translationRoutes } from './modules/translation/translation.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { qualityRoutes } from './modules/quality/quality.routes.js';
import { glossaryRoutes } from './modules/glossary/glossary.routes.js';
import { seriesRoutes } from './modules/series/series.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { renderRoutes } from './modules/media/render/render.routes.js';
import { reviewRoutes } from './modules/review/review.routes.js';
import { localStorageRoutes } from './modules/media/storage.routes.js';
import { isLocalStorage } from './providers/storage/local-storage.js';
import { listenForAuthChanges } from './modules/accounts/session-cache.js';

/** Script and frame sources the configured providers need, and nothing else. */
/** the bucket's origins as browsers reach them (path style, or bucket.host virtual-hosted style) */
function s3Origins(env: AppContext['env']): string[] {
  const base = new URL(env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT!);
  return env.S3_FORCE_PATH_STYLE ? [base.origin] : [`${base.protocol}//${env.S3_BUCKET}.${base.host}`];
}

function contentSecurityPolicy(ctx: AppContext) {
  const wechat = Boolean(ctx.env.WECHAT_APP_ID) && ctx.siteProfiles.some((p) => p.wechatLogin);
  // Airwallex's components SDK loads its parts from its static and checkout hosts (demo and prod)
  const airwallex =
    ctx.payments.card?.name === 'airwallex'
      ? [
          new URL(ctx.env.AIRWALLEX_SDK_URL).origin,
          'https://static.airwallex.com',
          'https://static-demo.airwallex.com',
          'https://checkout.airwallex.com',
          'https://checkout-demo.airwallex.com',
        ]
      : [];
  const pictureOrigins = OAUTH_PICTURE_HOSTS.flatMap((h) => [`https://${h}`, `https://*.${h}`]);
  const frames = [...(wechat ? ['https://open.weixin.qq.com'] : []), ...airwallex];
  // direct uploads and playback go to the S3-compatible endpoint when one is configured
  const s3 = ctx.env.S3_ENDPOINT ? s3Origins(ctx.env) : [];
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(wechat ? ['https://res.wx.qq.com'] : []), ...new Set(airwallex)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // pictures are our own uploads or the sign-in providers' (contract isAllowedPicture): no
      // other host can be made to receive a request from our pages through an image
      imgSrc: ["'self'", 'data:', ...pictureOrigins, ...new Set(airwallex)],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...new Set([...airwallex, ...s3])],
      mediaSrc: ["'self'", 'blob:', ...s3],
      frameSrc: frames.length ? [...new Set(frames)] : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  };
}

export interface BuildOptions {
  /** hold every mapped call's answer against its schema (the tests; see http/route.ts) */
  checkResponses?: boolean;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: LIMITS.jsonBodyMaxBytes,
    trustProxy: fastifyTrustProxy(ctx.env.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true },
  });

  installValidation(app);
  installResponseCheck(app, opts.checkResponses ?? false);
  installErrorHandling(app, ctx.spaceAlarm);

  installSecurityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(ctx),
    crossOriginEmbedderPolicy: false,
  });
  installIdempotency(app, ctx);
  // a feature-length task is megabytes of JSON: compressed for clients that accept it
  await app.register(compress, { global: true, threshold: 2048, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 10 } });

  // the request id in every answer, so a user's report can be matched to the log lines
  app.addHook('onSend', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });

  installAuth(app, ctx);
  await installOpenApi(app);
  const stopListening = await listenForAuthChanges(ctx.db, ctx.sessionCache, ctx.log);
  app.addHook('onClose', () => stopListening());
  siteRoutes(app, ctx);
  accountsRoutes(app, ctx);
  credentialsRoutes(app, ctx);
  apiKeysRoutes(app, ctx);
  webhooksRoutes(app, ctx);
  oauthRoutes(app, ctx);
  billingRoutes(app, ctx);
  translationRoutes(app, ctx);
  tasksRoutes(app, ctx);
  qualityRoutes(app, ctx);
  glossaryRoutes(app, ctx);
  seriesRoutes(app, ctx);
  mediaRoutes(app, ctx);
  renderRoutes(app, ctx);
  reviewRoutes(app, ctx);
  if (isLocalStorage(ctx.storage)) await localStorageRoutes(app, ctx.storage);
  paymentsRoutes(app, ctx);

  const dist = ctx.webDistDir;
  const prerender = await createPrerenderer();
  const preloads = dist ? createPreloader(dist) : () => '';
  const indexHtml =
    dist && existsSync(path.join(dist, 'index.html'))
      ? readFileSync(path.join(dist, 'index.html'), 'utf8')
      : null;
  if (dist && indexHtml) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      serve: true,
      // the build writes .br and .gz beside each asset: sent as they are, not compressed per request
      preCompressed: true,
      // file names under /assets/ change with their content: kept by browsers for a year; other
      // files (favicon …) are asked again each time (answered 304 when unchanged)
      cacheControl: false,
      setHeaders: (res, file) => {
        // a shared cache must keep the brotli, gzip and plain copies apart
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          file.startsWith(path.join(dist, 'assets') + path.sep)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && !path.extname(req.url.split('?')[0] ?? '');
    if (wantsPage && indexHtml) {
      // client-side routes: the single-page app decides what to show; public pages come with
      // their title, description, language links and heading already in the HTML
      const url = new URL(req.url, ctx.publicOrigin);
      const asked = url.searchParams.get('lang');
      const lang = uiLanguageSchema.safeParse(asked).data ?? siteConfigFor(ctx, req).defaultLanguage;
      const links = preloads(url.pathname, lang);
      const html = prerender(indexHtml, url.pathname, lang, ctx.publicOrigin);
      if (url.pathname.replace(/\/+$/, '') === REVIEW_PAGE_PATH)
        void reply.header('x-robots-tag', 'noindex, nofollow');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(links ? html.replace('</head>', `  ${links}\n  </head>`) : html);
    }
    return reply
      .status(ErrorCodes.NOT_FOUND.status)
      .send({ code: ErrorCodes.NOT_FOUND.code, msg: errorMessage('NOT_FOUND', req.lang), data: null });
  });

  return app;
}
