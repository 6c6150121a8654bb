import type { FastifyBaseLogger } from 'fastify';
import type { SiteProfile } from '@subtrans/contract';
import type { Env } from './config/env.js';
import type { Db } from './db/client.js';
import type { Mailer } from './providers/mail/mailer.js';
import type { ObjectStorage } from './providers/storage/storage.js';
import type { AppQueue } from './providers/queue/queue.js';
import type { OidcProvider } from './providers/oauth/google.js';
import type { WechatProvider } from './providers/oauth/wechat.js';
import type { EngineRegistry } from './engines/translation/registry.js';
import type { SpeechEngine } from './engines/speech/engine.js';
import type { AlipayProvider } from './providers/payments/alipay.js';
import type { AirwallexProvider } from './providers/payments/airwallex.js';
import type { SandboxProvider } from './providers/payments/sandbox.js';
import type { SessionCache } from './modules/accounts/session-cache.js';
import type { AccountLife } from './modules/accounts/account-life.js';
import type { HostPolicy } from './config/known-hosts.js';
import type { SpaceAlarm } from './http/out-of-space.js';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * A growing delay instead of a lock: the first `freeFailures` failures in `windowSeconds` cost
 * nothing, then each attempt waits `firstDelaySeconds`, doubled per further failure, at most
 * `maxDelaySeconds` after the one before.
 */
export interface SlowdownRule {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  windowSeconds: number;
}

export interface RateLimits {
  /** wrong passwords for one account from one client address: then that address is refused */
  loginFailuresPerAccountAndIp: RateLimitRule;
  loginFailuresPerIp: RateLimitRule;
  /**
   * wrong passwords for one account from anywhere: slowed, never locked, and never for a
   * browser that signed in to the account before (its device cookie)
   */
  loginSlowdownPerAccount: SlowdownRule;
  sendCodePerEmail: RateLimitRule;
  sendCodePerIp: RateLimitRule;
  registerPerIp: RateLimitRule;
  oauthPerIp: RateLimitRule;
  /** wrong current passwords given by one signed-in account (change_password): no guessing there */
  passwordChecksPerUser: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerAccountAndIp: { limit: 10, windowSeconds: 15 * 60 },
  loginFailuresPerIp: { limit: 100, windowSeconds: 15 * 60 },
  loginSlowdownPerAccount: {
    freeFailures: 5,
    firstDelaySeconds: 1,
    maxDelaySeconds: 30,
    windowSeconds: 15 * 60,
  },
  sendCodePerEmail: { limit: 5, windowSeconds: 60 * 60 },
  sendCodePerIp: { limit: 30, windowSeconds: 60 * 60 },
  registerPerIp: { limit: 60, windowSeconds: 15 * 60 },
  oauthPerIp: { limit: 60, windowSeconds: 15 * 60 },
  passwordChecksPerUser: { limit: 5, windowSeconds: 15 * 60 },
};

/** Everything a module needs, built once in main.ts (or by a test) and handed to buildApp. */
export interface AppContext {
  env: Env;
  db: Db;
  mailer: Mailer;
  storage: ObjectStorage;
  siteProfiles: SiteProfile[];
  /** server secret for HMACs (codes); from APP_SECRET or generated once and kept in the database */
  secret: string;
  rateLimits: RateLimits;
  /** origins allowed to make cookie-authenticated calls besides the request's own */
  trustedOrigins: ReadonlySet<string>;
  publicOrigin: string;
  /** which hosts answer as themselves; any other is taken for PUBLIC_URL's (http/request-host.ts) */
  hosts: HostPolicy;
  /** built web app to serve, null when not built */
  webDistDir: string | null;
  log: FastifyBaseLogger;
  /** PostgreSQL schema the app runs in (tests isolate themselves), undefined = default */
  dbSchema?: string | undefined;
  /** external sign-in providers, null when not configured */
  oauth: { google: OidcProvider | null; wechat: WechatProvider | null };
  /** translation engines configured by the environment */
  engines: EngineRegistry;
  /** the speech-to-text engine, null when none is configured (audio/video is then disabled) */
  speech: SpeechEngine | null;
  /**
   * Each payment channel's provider: the real one when configured, else the sandbox when
   * PAYMENT_SANDBOX turns it on, else null (the channel is unavailable)
   */
  payments: {
    /** the ¥ channel */
    alipay: AlipayProvider | SandboxProvider | null;
    /** card payments ($) */
    card: AirwallexProvider | SandboxProvider | null;
    /** null whenever the sandbox is off */
    sandbox: SandboxProvider | null;
  };
  /** sessions resolved recently; serves once the HTTP app listens for changes (buildApp) */
  sessionCache: SessionCache;
  /** what the modules above accounts do when an account opens or closes (trial points, closing) */
  accountLife: AccountLife;
  /** the job queue, once started (main.ts, worker.ts, or a test) */
  queue: AppQueue | null;
  /** the operator's alert when a disk runs out of space (http/out-of-space.ts) */
  spaceAlarm: SpaceAlarm;
}
