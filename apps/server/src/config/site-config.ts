import type { FastifyRequest } from 'fastify';
import type { SiteConfig, SiteProfile } from '@subtrans/contract';
import { effectiveHost } from '../http/request-host.js';
import type { Env } from './env.js';
import type { HostPolicy } from './known-hosts.js';
import { profileForHost, resolveSiteConfig } from './site-profiles.js';

/**
 * The parts of the context a site's config is made of, named by their shape: the context imports
 * config, so config takes no AppContext (an AppContext is one of these).
 */
export interface SiteSources {
  env: Pick<Env, 'SUPPORT_FALLBACK_EMAIL' | 'AIRWALLEX_SDK_URL'>;
  hosts: Pick<HostPolicy, 'effective'>;
  siteProfiles: SiteProfile[];
  publicOrigin: string;
  oauth: { google: object | null; wechat: { appId: string } | null };
  payments: {
    alipay: { name: 'alipay' | 'sandbox' } | null;
    card: { name: 'airwallex' | 'sandbox' } | null;
  };
}

/** The site as the request's host sees it (an unknown host is PUBLIC_URL's: effectiveHost). */
export function siteConfigFor(ctx: SiteSources, req: FastifyRequest): SiteConfig {
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
