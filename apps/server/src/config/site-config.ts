import type { FastifyRequest } from 'fastify';
import type { SiteConfig } from '@subtrans/contract';
import type { AppContext } from '../context.js';
import { effectiveHost } from '../http/request-host.js';
import { profileForHost, resolveSiteConfig } from './site-profiles.js';

/** The site as the request's host sees it (an unknown host is PUBLIC_URL's: effectiveHost). */
export function siteConfigFor(ctx: AppContext, req: FastifyRequest): SiteConfig {
  const host = effectiveHost(ctx, req);
  return resolveSiteConfig(profileForHost(ctx.siteProfiles, host), host, {
    // the providers actually built at start (both id and secret set), so the config and the
    // sign-in routes always agree
    googleConfigured: ctx.oauth.google !== null,
    wechatAppId: ctx.oauth.wechat?.appId ?? null,
    supportFallbackEmail: ctx.env.SUPPORT_FALLBACK_EMAIL,
    publicOrigin: ctx.publicOrigin,
    cardSdkUrl: ctx.payments.card?.name === 'airwallex' ? ctx.env.AIRWALLEX_SDK_URL : null,
    channels: { alipay: ctx.payments.alipay?.name ?? null, card: ctx.payments.card?.name ?? null },
  });
}
