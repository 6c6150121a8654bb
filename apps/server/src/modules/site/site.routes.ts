import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, ok, type SiteConfig } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { profileForHost, resolveSiteConfig } from '../../config/site-profiles.js';

export function siteConfigFor(ctx: AppContext, req: FastifyRequest): SiteConfig {
  const host = req.hostname.replace(/:\d+$/, '').toLowerCase();
  return resolveSiteConfig(profileForHost(ctx.siteProfiles, host), host, {
    // the providers actually built at start (both id and secret set), so the config and the
    // sign-in routes always agree
    googleConfigured: ctx.oauth.google !== null,
    wechatAppId: ctx.oauth.wechat?.appId ?? null,
    supportFallbackEmail: ctx.env.SUPPORT_FALLBACK_EMAIL,
    publicOrigin: ctx.publicOrigin,
    cardSdkUrl: ctx.payments.card.name === 'airwallex' ? ctx.env.AIRWALLEX_SDK_URL : null,
  });
}

export function siteRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(API.siteConfig, async (req) => ok(siteConfigFor(ctx, req)));

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    try {
      await ctx.db.query('SELECT 1');
      return { status: 'ready', database: ctx.db.kind };
    } catch {
      return reply.status(503).send({ status: 'not ready' });
    }
  });
}
