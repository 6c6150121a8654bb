import type { AppContext } from './context.js';
import type { Db } from './db/client.js';
import { displayUrl } from './config/display-url.js';
import { listensOnAllInterfaces } from './config/public-url.js';
import { describeEngines, type EngineRegistry } from './engines/translation/registry.js';
import type { Mailer } from './providers/mail/mailer.js';
import { describePayments } from './providers/payments/channels.js';
import { describeStorage, storageIdentity } from './providers/storage/storage-identity.js';

export type BannerContext = Pick<AppContext, 'env' | 'payments' | 'publicOrigin' | 'webDistDir'> & {
  db: Pick<Db, 'kind'>;
  mailer: Pick<Mailer, 'kind'>;
  engines: Pick<EngineRegistry, 'status'>;
};

export interface BannerFacts {
  /** the port the server listens on (PORT=0 picks one) */
  port: number;
  manager: { email: string; generatedPassword: string | null };
  /** what disagrees with the other live processes but runs (processes/siblings.ts) */
  warnings: string[];
}

function describeSpeech(env: AppContext['env']): string {
  return env.STT_BASE_URL
    ? `  Speech-to-text: ${env.STT_MODEL} at ${displayUrl(env.STT_BASE_URL)}`
    : '  Speech-to-text: none, audio and video uploads are off (set STT_BASE_URL to an OpenAI-compatible transcription API)';
}

/**
 * What the server prints once it listens: the address to open, then every part that runs for
 * real or embedded (database, storage, jobs, mail, engines, payments), so an operator sees at a
 * glance what this process uses and what is missing.
 */
export function startBanner(ctx: BannerContext, facts: BannerFacts): string[] {
  const { env } = ctx;
  return [
    '',
    // the one address to open: cookies, OAuth callbacks and payment returns all use PUBLIC_URL's host
    `  SubTrans is running: ${ctx.publicOrigin}`,
    ...(listensOnAllInterfaces(env.HOST)
      ? [
          `  Listening on all interfaces (HOST=${env.HOST}), port ${facts.port}: from other machines, set PUBLIC_URL to the address they use`,
        ]
      : []),
    `  Database: ${ctx.db.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Storage: ${describeStorage(storageIdentity(env))}`,
    `  Jobs: ${env.WORKERS === 'inline' ? 'workers run in this process' : 'WORKERS=external: start them with `npm run worker`'}`,
    `  Mail: ${ctx.mailer.kind === 'smtp' ? 'SMTP (SMTP_URL)' : 'no SMTP_URL set: verification codes are printed to this log'}`,
    describeEngines(env, ctx.engines),
    describeSpeech(env),
    ...describePayments(ctx),
    facts.manager.generatedPassword
      ? `  First manager: sign in as ${facts.manager.email} with password ${facts.manager.generatedPassword} (shown once; set ADMIN_PASSWORD to choose it)`
      : `  Manager account: ${facts.manager.email} (password from ADMIN_PASSWORD, or the one printed at first start)`,
    ...facts.warnings.map((w) => `  Warning: ${w}`),
    ctx.webDistDir ? '' : '  Web app not built: run `npm run build` (npm start does it) to serve the pages',
    '',
  ];
}
