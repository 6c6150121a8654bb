import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { createContext } from '../src/bootstrap.js';
import { openDb } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import type { AppContext, RateLimits } from '../src/context.js';
import { ensureFirstManager } from '../src/modules/accounts/accounts.service.js';
import { startSmtpSink } from './support/smtp-sink.js';
import { startQueue } from '../src/jobs/start.js';

export const TEST_DB: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  close(): Promise<void>;
  /** POST JSON; `as` takes a session token sent as the cookie (with a same-origin Origin) */
  post(
    url: string,
    body?: unknown,
    opts?: { as?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** registers a user through send_code + the mailed code + register; answers its session token */
  signUp(
    overrides?: Partial<{ email: string; name: string; pass: string }>,
  ): Promise<{ token: string; email: string; pass: string; id: number }>;
  login(email: string, pass: string): Promise<string>;
  /**
   * another server (its own context, cache and connections) on the same database; `env` changes
   * its environment (a restart with another setting)
   */
  secondServer(opts?: {
    env?: Record<string, string>;
  }): Promise<{ app: FastifyInstance; ctx: AppContext; close(): Promise<void> }>;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'user_sessionid');
  return cookie?.value || undefined;
}

let template: Promise<Blob> | undefined;

/**
 * One migrated PGlite per test process, copied for each app: a new PGlite runs initdb (about
 * 3.7 s of CPU here), a copy of a dump starts in about 0.6 s. The migrations still run against
 * the copy at start (they find everything applied), so a new migration is always tested.
 */
function migratedPglite(): Promise<Blob> {
  template ??= (async () => {
    const db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    const dump = await db.pglite!.dumpDataDir('none');
    await db.close();
    return dump;
  })();
  return template;
}

/**
 * Boots the real app against a fresh database: in-memory PGlite, or (TEST_DB=postgres) a schema
 * of its own on DATABASE_URL, with mail going to a local SMTP sink.
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    rateLimits?: Partial<RateLimits>;
    queue?: boolean;
    /** a logger of the test's own (to read what the app logs); silent by default */
    log?: FastifyBaseLogger;
    /**
     * DATA_DIR (the test's own, left in place at close), where the stored files and, on PGlite,
     * the database's files are kept on disk (a full-disk test's small tmpfs); else a temporary
     * directory and an in-memory database
     */
    dataDir?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'subtrans-test-')));
  const smtp = await startSmtpSink();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const silent = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as unknown as FastifyBaseLogger;
  const log = opts.log ?? silent;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://localhost:8080',
    // accounts start at 0 points unless a test turns trial points on (account-life tests do)
    SIGNUP_POINTS: '0',
    ...opts.env,
  };
  let ctx: AppContext;
  const pgEnv = () => ({ ...env, DATABASE_URL: process.env.DATABASE_URL!, DATABASE_POOL_SIZE: '5' });
  if (TEST_DB === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    ctx = await createContext(pgEnv(), { log, schema });
  } else {
    const db = await openDb({ dataDir: opts.dataDir ?? 'memory://', loadDataDir: await migratedPglite() });
    ctx = await createContext(env, { db, log });
  }
  ctx.rateLimits = { ...ctx.rateLimits, ...opts.rateLimits };
  await ensureFirstManager(ctx);
  const app = await buildApp(ctx, { checkResponses: true });
  await app.ready();
  if (opts.queue) await startQueue(ctx, { work: true, settings: { pollingIntervalSeconds: 0.5 } });

  const post: TestApp['post'] = (url, body, o = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(o.as ? { cookie: `user_sessionid=${o.as}`, origin: 'http://localhost:80' } : {}),
        ...o.headers,
      },
      payload: JSON.stringify(body ?? {}),
    });

  const testApp: TestApp = {
    app,
    ctx,
    smtp,
    post,
    async secondServer(o = {}) {
      // PostgreSQL: a pool of its own on the same schema; PGlite: the same embedded database
      const other =
        TEST_DB === 'postgres'
          ? await createContext({ ...pgEnv(), ...o.env }, { log, schema })
          : await createContext({ ...env, ...o.env }, { db: ctx.db, log });
      const otherApp = await buildApp(other, { checkResponses: true });
      await otherApp.ready();
      return {
        app: otherApp,
        ctx: other,
        async close() {
          await otherApp.close();
          await other.engines.close();
          if (TEST_DB === 'postgres') await other.db.close();
          other.mailer.close();
        },
      };
    },
    async close() {
      await app.close();
      await ctx.queue?.stop(2000);
      // Apertium's long-running pipelines
      await ctx.engines.close();
      if (TEST_DB === 'postgres') {
        await ctx.db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
        await ctx.db.query(`DROP SCHEMA IF EXISTS "pgboss_${schema}" CASCADE`).catch(() => undefined);
      }
      await ctx.db.close();
      ctx.mailer.close();
      await smtp.close();
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
    async signUp(overrides = {}) {
      const email = overrides.email ?? uniqueEmail();
      const pass = overrides.pass ?? 'secret-pass-1';
      const sent = await post('/user/send_code', { email });
      if (sent.json<{ code: number }>().code !== 20000) throw new Error(`send_code failed: ${sent.body}`);
      const code = await smtp.codeFor(email);
      const res = await post('/user/register', { email, name: overrides.name ?? 'Test User', pass, code });
      const body = res.json<{ code: number; data: { id: number } }>();
      if (body.code !== 20000) throw new Error(`register failed: ${res.body}`);
      return { token: sessionCookieOf(res)!, email, pass, id: body.data.id };
    },
    async login(email, pass) {
      const res = await post('/email/auth', { email, pass });
      const token = sessionCookieOf(res);
      if (!token) throw new Error(`login failed: ${res.body}`);
      return token;
    },
  };
  return testApp;
}
