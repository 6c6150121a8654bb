import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { parseEnv, type Env } from './config/env.js';
import { loggerOptions } from './config/logger.js';
import { normalOrigin } from './http/host-name.js';
import { SpaceAlarm, watchSpace } from './db/out-of-space.js';
import { loadSiteProfiles } from './config/site-profiles.js';
import { hostPolicy } from './config/known-hosts.js';
import { buildPaymentChannels } from './providers/payments/channels.js';
import { defaultPublicUrl } from './config/public-url.js';
import { openDb, type Db } from './db/client.js';
import { retryWhileConnectionLost } from './db/start-retry.js';
import { migrate } from './db/migrate.js';
import { keepSetting } from './config/app-settings.repository.js';
import { DEFAULT_RATE_LIMITS, type AppContext } from './context.js';
import { logMailer, smtpMailer } from './providers/mail/mailer.js';
import { localStorage } from './providers/storage/local-storage.js';
import { s3Storage } from './providers/storage/s3-storage.js';
import { localObjectsDir } from './providers/storage/storage-identity.js';
import { openAiTranscription } from './engines/speech/openai-transcriptions.js';
import { seedProducts } from './modules/payments/payments.service.js';
import { setWordListDirs } from './modules/tasks/segments/lexicon.js';
import { oidcProvider } from './providers/oauth/google.js';
import { wechatProvider } from './providers/oauth/wechat.js';
import { buildEngineRegistry } from './engines/translation/registry.js';
import { SessionCache } from './modules/accounts/session-cache.js';
import { accountLife } from './modules/account-life/index.js';

// src/bootstrap.ts and the built dist/main.js are both one folder below apps/server
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** APP_SECRET when set; otherwise one generated on first start and kept in the database. */
export async function loadSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return keepSetting(db, 'app_secret', randomBytes(32).toString('hex'));
}

export function createLogger(env: Env): FastifyBaseLogger {
  return pino(loggerOptions(env.LOG_LEVEL));
}

export interface ContextOverrides {
  db?: Db;
  log?: FastifyBaseLogger;
  schema?: string;
}

/** what writes to the local disk: a full disk met there alerts the operator (db/out-of-space.ts) */
const LOCAL_WRITES = ['put', 'createMultipartUpload', 'writePart', 'completeMultipartUpload'] as const;

/** Builds the whole application context from the environment: database, storage, mail, profiles. */
export async function createContext(
  source: NodeJS.ProcessEnv,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const env = parseEnv(source);
  setWordListDirs({ dict: env.WORDLIST_DIR, hunspell: env.HUNSPELL_DIR });
  const siteProfiles = loadSiteProfiles(env.SITE_PROFILES, env.SITE_PROFILES_FILE);
  const log = overrides.log ?? createLogger(env);
  const db =
    overrides.db ??
    (await openDb({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
      pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
      ...(overrides.schema ? { schema: overrides.schema } : {}),
    }));
  // each step is safe to run again: a process started during a failover waits for the database
  const again = <T>(what: string, step: () => Promise<T>) => retryWhileConnectionLost(what, step, { log });
  await again('the migrations', () => migrate(db));
  const secret = await again('the secret', () => loadSecret(db, env.APP_SECRET));
  // origins as browsers send them (no trailing slash, no default port), hosts as DNS names (lower
  // case, without the root's trailing dot: http/host-name.ts), as requests are compared
  const originOf = (url: string) => normalOrigin(url) ?? new URL(url).origin;
  const publicOrigin = originOf(env.PUBLIC_URL ?? defaultPublicUrl(env.HOST, env.PORT));
  const trustedOrigins = new Set(
    [publicOrigin, ...env.TRUSTED_ORIGINS.split(',')]
      .map((o) => o.trim())
      .filter(Boolean)
      .map(originOf),
  );
  await again('the products', () => seedProducts(db, env.PRODUCTS));
  const spaceAlarm = new SpaceAlarm(log);
  const webDist = path.resolve(env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'));
  return {
    env,
    db,
    log,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : logMailer(log),
    storage: env.S3_ENDPOINT
      ? s3Storage({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET!,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          publicEndpoint: env.S3_PUBLIC_ENDPOINT,
        })
      : watchSpace(localStorage(localObjectsDir(env), { secret }), LOCAL_WRITES, spaceAlarm),
    siteProfiles,
    secret,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      // an office or a school behind one address may need more (and so do the browser tests)
      sendCodePerIp: { ...DEFAULT_RATE_LIMITS.sendCodePerIp, limit: env.CODE_MAILS_PER_IP },
      registerPerIp: { ...DEFAULT_RATE_LIMITS.registerPerIp, limit: env.REGISTRATIONS_PER_IP },
      apiKeyCalls: { ...DEFAULT_RATE_LIMITS.apiKeyCalls, limit: env.API_KEY_CALLS_PER_MINUTE },
    },
    trustedOrigins,
    publicOrigin,
    hosts: hostPolicy(publicOrigin, trustedOrigins, siteProfiles),
    webDistDir: existsSync(webDist) ? webDist : null,
    dbSchema: overrides.schema,
    engines: buildEngineRegistry(env),
    speech: env.STT_BASE_URL
      ? openAiTranscription({
          baseUrl: env.STT_BASE_URL,
          ...(env.STT_API_KEY ? { apiKey: env.STT_API_KEY } : {}),
          model: env.STT_MODEL,
          maxUploadBytes: Math.floor(env.STT_MAX_UPLOAD_MB * 1024 * 1024),
        })
      : null,
    oauth: {
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? oidcProvider({
              issuer: env.GOOGLE_ISSUER,
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
            })
          : null,
      wechat:
        env.WECHAT_APP_ID && env.WECHAT_APP_SECRET
          ? wechatProvider({
              appId: env.WECHAT_APP_ID,
              appSecret: env.WECHAT_APP_SECRET,
              apiBase: env.WECHAT_API_BASE,
            })
          : null,
    },
    payments: await buildPaymentChannels(env, db, publicOrigin),
    sessionCache: new SessionCache(env.SESSION_CACHE_SECONDS * 1000),
    accountLife,
    queue: null,
    spaceAlarm,
  };
}
