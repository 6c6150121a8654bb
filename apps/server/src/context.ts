import type { FastifyBaseLogger } from 'fastify';
import type { SiteProfile } from '@subtrans/contract';
import type { Env } from './config/env.js';
import type { Db, Queryable } from './db/client.js';
import type { Mailer } from './providers/mail/mailer.js';
import type { ObjectStorage } from './providers/storage/storage.js';
import type { AppQueue } from './providers/queue/queue.js';
import type { OidcProvider } from './providers/oauth/google.js';
import type { WechatProvider } from './providers/oauth/wechat.js';
import type { EngineRegistry } from './engines/translation/registry.js';
import type { SpeechEngine } from './engines/speech/engine.js';
import type { PaymentChannels } from './providers/payments/channels.js';
import type { HostPolicy } from './config/known-hosts.js';
import type { SpaceAlarm } from './db/out-of-space.js';

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
  /** calls made with one API key, whatever the call (issue 39; API_KEY_CALLS_PER_MINUTE) */
  apiKeyCalls: RateLimitRule;
  /** review links opened from one client address (issue 40 §2), known or not */
  reviewOpensPerIp: RateLimitRule;
  /** reviewers' comments sent from one client address */
  reviewCommentsPerIp: RateLimitRule;
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
  apiKeyCalls: { limit: 300, windowSeconds: 60 },
  reviewOpensPerIp: { limit: 120, windowSeconds: 60 },
  reviewCommentsPerIp: { limit: 60, windowSeconds: 10 * 60 },
};

/** Who a new account is, as its sign-up knew it: trial points are granted once per identity. */
export interface SignupIdentity {
  /** a verified email; null for WeChat, and for Google without a verified one */
  email: string | null;
  googleSub: string | null;
  wechatOpenid: string | null;
  wechatUnionid: string | null;
}

/** What is left once the closing transaction committed: the storage's part. */
export type AfterClose = () => Promise<void>;

/**
 * What the modules above accounts do in an account's life. Accounts is the bottom of the module
 * graph (every module reads the signed-in user from it), so it cannot call them; the application
 * hands their handlers in (bootstrap.ts: modules/account-life). Declared here, not in a module, so
 * the context holds it without importing one.
 */
export interface AccountLife {
  /** a sign-up (never a manager) made the account: runs in the transaction that inserted it */
  opened(ctx: AppContext, q: Queryable, userId: number, identity: SignupIdentity): Promise<void>;
  /**
   * runs in the closing transaction, after the row was anonymised: the account's running work,
   * holds and points end; answers what to do once that transaction committed
   */
  closing(ctx: AppContext, q: Queryable, account: { id: number; pic: string }): Promise<AfterClose>;
  /** what is left of the account's trial points (0: none) */
  trialPoints(ctx: AppContext, userId: number): Promise<number>;
}

/**
 * Everything a module needs, built once in main.ts (or by a test) and handed to buildApp. Built
 * from the layers below the modules only: a module imports the context, so the context imports
 * none, not even for a type. The accounts module adds its session cache to it
 * (modules/accounts/session-cache.ts, by declaration merging).
 */
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
  payments: PaymentChannels;
  /** what the modules above accounts do when an account opens or closes (trial points, closing) */
  accountLife: AccountLife;
  /** the job queue, once started (main.ts, worker.ts, or a test) */
  queue: AppQueue | null;
  /** the operator's alert when a disk runs out of space (db/out-of-space.ts) */
  spaceAlarm: SpaceAlarm;
}
