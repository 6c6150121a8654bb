import { buildApp } from './app.js';
import { createContext } from './bootstrap.js';
import { ConfigError } from './config/env.js';
import { listensOnAllInterfaces } from './config/public-url.js';
import { ensureFirstManager } from './modules/accounts/accounts.service.js';
import { startQueue } from './jobs/start.js';
import { describePayments } from './providers/payments/channels.js';
import { exitOnSignals, exitOnUnexpectedErrors } from './shutdown.js';

async function main() {
  const ctx = await createContext(process.env);
  exitOnUnexpectedErrors(ctx.log);
  const app = await buildApp(ctx);
  const manager = await ensureFirstManager(ctx);
  // workers run in this process unless WORKERS=external (then `npm run worker` runs them)
  const queue = await startQueue(ctx, { work: ctx.env.WORKERS === 'inline' });

  exitOnSignals({ ctx, app, queue });

  await app.listen({ port: ctx.env.PORT, host: ctx.env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.env.PORT;
  // the one address to open: cookies, OAuth callbacks and payment returns all use PUBLIC_URL's host
  const url = ctx.publicOrigin;
  const lines = [
    '',
    `  SubTrans is running: ${url}`,
    ...(listensOnAllInterfaces(ctx.env.HOST)
      ? [
          `  Listening on all interfaces (HOST=${ctx.env.HOST}), port ${port}: from other machines, set PUBLIC_URL to the address they use`,
        ]
      : []),
    `  Database: ${ctx.db.kind === 'pglite' ? `embedded PGlite in ${ctx.env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Jobs: ${ctx.env.WORKERS === 'inline' ? 'workers run in this process' : 'WORKERS=external: start them with `npm run worker`'}`,
    `  Mail: ${ctx.mailer.kind === 'smtp' ? 'SMTP (SMTP_URL)' : 'no SMTP_URL set: verification codes are printed to this log'}`,
    ...describePayments(ctx),
    manager.generatedPassword
      ? `  First manager: sign in as ${manager.email} with password ${manager.generatedPassword} (shown once; set ADMIN_PASSWORD to choose it)`
      : `  Manager account: ${manager.email} (password from ADMIN_PASSWORD, or the one printed at first start)`,
    ctx.webDistDir ? '' : '  Web app not built: run `npm run build` (npm start does it) to serve the pages',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
