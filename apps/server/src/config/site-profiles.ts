import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { siteProfileSchema, type SiteConfig, type SiteProfile } from '@subtrans/contract';
import { ConfigError } from './env.js';
import { hostMatches, normalHost } from '../http/host-name.js';

/** The profile used when SITE_PROFILES is not set: every feature that is configured is offered. */
export const DEFAULT_PROFILES: SiteProfile[] = [
  siteProfileSchema.parse({ hosts: ['*'], googleLogin: true, wechatLogin: true }),
];

export function loadSiteProfiles(json: string | undefined, file: string | undefined): SiteProfile[] {
  let text = json;
  if (!text && file) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new ConfigError(
        `Invalid configuration:\n  - SITE_PROFILES_FILE: cannot read ${file}: ${String(e)}`,
      );
    }
  }
  if (!text) return DEFAULT_PROFILES;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ConfigError('Invalid configuration:\n  - SITE_PROFILES: not valid JSON');
  }
  const parsed = z.array(siteProfileSchema).min(1).safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - SITE_PROFILES.${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Most specific match wins: an exact host, then a wildcard domain, then '*'. Host and patterns
 * compare as DNS names (http/host-name.ts), so `Subs.Example.com.` is subs.example.com's.
 */
export function profileForHost(profiles: SiteProfile[], rawHost: string): SiteProfile {
  const host = normalHost(rawHost);
  const rank = (p: string) => (p.trim() === '*' ? 0 : p.trim().startsWith('*.') ? 1 : 2);
  let best: { profile: SiteProfile; score: number } | undefined;
  for (const profile of profiles) {
    for (const pattern of profile.hosts) {
      if (!hostMatches(pattern, host)) continue;
      const score = rank(pattern);
      if (!best || score > best.score) best = { profile, score };
    }
  }
  return best?.profile ?? DEFAULT_PROFILES[0]!;
}

export function isLocalHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || isIP(host.replace(/^\[|\]$/g, '')) !== 0;
}

export interface ResolveOptions {
  googleConfigured: boolean;
  wechatAppId: string | null;
  supportFallbackEmail: string;
  publicOrigin: string;
  /** Airwallex's SDK address when Airwallex is configured, null when cards go to the sandbox */
  cardSdkUrl?: string | null;
  /** the provider of each payment channel (null: none configured and the sandbox is off) */
  channels: { alipay: 'alipay' | 'sandbox' | null; card: 'airwallex' | 'sandbox' | null };
}

/** A channel as a host offers it: not where points are not sold, nor the sandbox on a prod host. */
function channelHere<P extends string>(profile: SiteProfile, provider: P | 'sandbox' | null) {
  if (!profile.enablePointsPurchase || provider === null) return 'none';
  return provider === 'sandbox' && profile.paymentEnv === 'prod' ? 'none' : provider;
}

export function resolveSiteConfig(profile: SiteProfile, host: string, opts: ResolveOptions): SiteConfig {
  const bareHost = host.replace(/^www\./, '');
  return {
    host,
    defaultLanguage: profile.defaultLanguage,
    googleLogin: profile.googleLogin && opts.googleConfigured,
    wechatLogin: profile.wechatLogin && opts.wechatAppId !== null,
    wechatAppId: profile.wechatLogin ? opts.wechatAppId : null,
    languageSwitcher: profile.languageSwitcher,
    googleTranslation: profile.googleTranslation,
    productListCall: profile.productListCall,
    paymentEnv: profile.paymentEnv,
    licenceNotice: profile.licenceNotice,
    supportEmail:
      profile.supportEmail ?? (isLocalHost(host) ? opts.supportFallbackEmail : `service@${bareHost}`),
    postalAddress: profile.postalAddress,
    homeStats: profile.homeStats,
    enablePointsPurchase: profile.enablePointsPurchase,
    includeOriginalText: profile.includeOriginalText,
    publicOrigin: opts.publicOrigin,
    alipayPayment: channelHere(profile, opts.channels.alipay),
    cardPayment: channelHere(profile, opts.channels.card),
    cardSdkUrl: profile.enablePointsPurchase && opts.cardSdkUrl ? opts.cardSdkUrl : null,
  };
}
