import { checkAlipayKeys } from './rsa-keys.js';
import { z } from 'zod';
import { productConfigSchema } from '@subtrans/contract';
import { parseTrustProxy } from './trust-proxy.js';
import { realPaymentProviders } from './payment-sandbox.js';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '../db/pglite-start.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the server reads. Listed in docs/configuration.md; validated at start so a
 * wrong value stops the process with a readable list instead of failing later.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  TRUSTED_ORIGINS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => !o.trim() || /^https?:\/\/[^/?#\s]+\/?$/i.test(o.trim())),
      'must be comma-separated origins such as https://app.example.com',
    )
    .default(''),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    })
    .default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // the embedded database's page cache, resident from the start (see db/pglite-start.ts)
  PGLITE_SHARED_BUFFERS_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024)
    .default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  // how long a server answers a session from memory before it reads it again (0: every call reads)
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('SubTrans <no-reply@localhost>'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(6).max(128).optional(),
  SITE_PROFILES: z.string().optional(),
  SITE_PROFILES_FILE: z.string().optional(),
  SUPPORT_FALLBACK_EMAIL: z.email().default('support@example.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  WEB_DIST_DIR: z.string().optional(),
  DEEPSEEK_API_KEY: z.string().optional(),
  DEEPSEEK_BASE_URL: z.url().default('https://api.deepseek.com'),
  DEEPSEEK_MODEL: z.string().min(1).default('deepseek-chat'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  GOOGLE_TRANSLATE_API_KEY: z.string().optional(),
  GOOGLE_TRANSLATE_BASE_URL: z.url().default('https://translation.googleapis.com'),
  APERTIUM_URL: z.url().optional(),
  APERTIUM_COMMAND: z.string().min(1).default('apertium'),
  /** issue 36: the system's word lists (Debian's wngerman, wportuguese, wbrazilian, witalian) for review flags */
  WORDLIST_DIR: z.string().min(1).default('/usr/share/dict'),
  /** issue 36: the system's hunspell dictionaries (Italian's stems, hunspell-it) */
  HUNSPELL_DIR: z.string().min(1).default('/usr/share/hunspell'),
  TRANSLATE_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** the largest batch a browser's stored batch size may ask for (SPEC §9); larger is clamped */
  TRANSLATE_BATCH_SIZE_MAX: z.coerce.number().int().min(1).max(100).default(50),
  TRANSLATE_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  TRANSLATE_ENGINE_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
  TRANSLATE_TASKS_PER_WORKER: z.coerce.number().int().min(1).max(64).default(4),
  /** one user's translation tasks running at once in one process (issue 39: fair queues) */
  TRANSLATE_USER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** calls one API key may make a minute, shared by every process (issue 39) */
  API_KEY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /**
   * webhooks to http:// and to private, loopback and link-local addresses: for tests and a
   * developer's machine only (issue 39: the host rules of docs/security.md)
   */
  WEBHOOK_ALLOW_PRIVATE_HOSTS: bool.default(false),
  /** the waits between a webhook's tries, in seconds; a delivery gives up a day after its event */
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .default('5,300,1800,7200,18000,36000,21600')
    .transform((s, c) => {
      const waits = s.split(',').map((p) => Number(p.trim()));
      if (waits.some((w) => !Number.isInteger(w) || w < 1 || w > 86_400)) {
        c.addIssue({ code: 'custom', message: 'must be comma-separated whole seconds from 1 to 86400' });
        return z.NEVER;
      }
      return waits;
    }),
  RETRANSLATE_DAILY_QUOTA: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** characters of original text a user may re-translate per day (UTC); 0 turns re-translation off */
  RETRANSLATE_DAILY_CHARS: z.coerce.number().int().min(0).max(100_000_000).default(20_000),
  TRANSLATE_DAILY_QUOTA: z.coerce.number().int().min(0).max(100_000).default(200),
  // points a new account receives once per identity as a trial (valid a year); 0 turns it off
  SIGNUP_POINTS: z.coerce.number().int().min(0).max(100_000).default(30),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  STT_BASE_URL: z.url().optional(),
  STT_API_KEY: z.string().min(1).optional(),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  STT_MAX_UPLOAD_MB: z.coerce.number().min(0.1).max(1024).default(24),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  MEDIA_TASKS_PER_WORKER: z.coerce.number().int().min(1).max(16).default(1),
  // issue 40: a task's video with its lines burned in: points per started minute, encodes one
  // process runs at once, x264's preset, and the encode's niceness (below the server's HTTP work)
  RENDER_POINTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(2),
  RENDERS_PER_WORKER: z.coerce.number().int().min(1).max(8).default(1),
  RENDER_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'])
    .default('veryfast'),
  RENDER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  // per user: uploads started and not completed yet, and GB (2^30 bytes) of audio/video kept
  MEDIA_MAX_OPEN_UPLOADS: z.coerce.number().int().min(1).max(100).default(3),
  MEDIA_MAX_STORED_GB: z.coerce.number().positive().max(100_000).default(10),
  // an upload not executed (confirmed) within this many days is deleted
  MEDIA_UNEXECUTED_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  PRODUCTS: z
    .string()
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {id, points, priceCny, priceUsd}' });
        return z.NEVER;
      }
    })
    .pipe(productConfigSchema)
    .default([
      { id: 1, points: 100, priceCny: 10, priceUsd: 1.5 },
      { id: 2, points: 500, priceCny: 45, priceUsd: 6.5 },
      { id: 3, points: 1200, priceCny: 98, priceUsd: 14 },
    ]),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_SELLER_ID: z.string().min(1).optional(),
  ALIPAY_NOTIFY_URL: z.url().optional(),
  AIRWALLEX_CLIENT_ID: z.string().min(1).optional(),
  AIRWALLEX_API_KEY: z.string().min(1).optional(),
  AIRWALLEX_BASE_URL: z.url().default('https://api.airwallex.com'),
  AIRWALLEX_WEBHOOK_SECRET: z.string().min(1).optional(),
  AIRWALLEX_SDK_URL: z.url().default('https://static.airwallex.com/components/sdk/v1/index.js'),
  PAYMENT_SANDBOX: z.enum(['auto', 'true', 'false']).default('auto'),
  /** code mails (register, reset, add email) one client address may ask for in an hour */
  CODE_MAILS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** registrations and password resets one client address may make in 15 minutes */
  REGISTRATIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(60),
  WORKERS: z.enum(['inline', 'external']).default('inline'),
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // empty strings mean "unset" (a common shape of .env files and CI settings)
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  - GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  if (Boolean(env.WECHAT_APP_ID) !== Boolean(env.WECHAT_APP_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  - WECHAT_APP_ID and WECHAT_APP_SECRET must be set together',
    );
  }
  const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  - S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or none: local disk)',
    );
  }
  const alipay = [env.ALIPAY_APP_ID, env.ALIPAY_PRIVATE_KEY, env.ALIPAY_PUBLIC_KEY];
  if (alipay.some(Boolean) && !alipay.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  - ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY must be set together (or none)',
    );
  }
  if (Boolean(env.AIRWALLEX_CLIENT_ID) !== Boolean(env.AIRWALLEX_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  - AIRWALLEX_CLIENT_ID and AIRWALLEX_API_KEY must be set together (or none)',
    );
  }
  const providers = realPaymentProviders(env);
  if (env.PAYMENT_SANDBOX === 'true' && providers.length) {
    throw new ConfigError(
      `Invalid configuration:\n  - PAYMENT_SANDBOX=true beside a real payment provider (${providers.join(', ')}): the sandbox checkout would credit points without payment. Unset PAYMENT_SANDBOX (auto) or set it to false`,
    );
  }
  if (env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY) {
    try {
      checkAlipayKeys(env.ALIPAY_PRIVATE_KEY, env.ALIPAY_PUBLIC_KEY);
    } catch (e) {
      throw new ConfigError(`Invalid configuration:\n  - ${(e as Error).message}`);
    }
  }
  return env;
}
