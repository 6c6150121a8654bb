import { buildApp } from './app.js';
import { createContext } from './bootstrap.js';
import { ConfigError } from './config/env.js';
import { ensureFirstManager } from './modules/accounts/accounts.service.js';
import { retryWhileConnectionLost } from './db/start-retry.js';
import { startQueue } from './jobs/start.js';
import { joinSiblings, type Membership } from './processes/siblings.js';
import { exitOnSignals, exitOnUnexpectedErrors } from './shutdown.js';
import { startBanner } from './start-banner.js';

let membership: Membership | null = null;

async function main() {
  const ctx = await createContext(process.env);
  exitOnUnexpectedErrors(ctx.log);
  // before anything runs: a server whose storage or secret differs from the live ones' stops here
  membership = await retryWhileConnectionLost(
    'joining the other processes',
    () => joinSiblings(ctx, 'server'),
    {
      log: ctx.log,
    },
  );
  const app = await buildApp(ctx);
  const manager = await retryWhileConnectionLost('the first manager', () => ensureFirstManager(ctx), {
    log: ctx.log,
  });
  // workers run in this process unless WORKERS=external (then `npm run worker` runs them)
  const queue = await startQueue(ctx, { work: ctx.env.WORKERS === 'inline' });

  exitOnSignals({ ctx, app, queue, membership });

  await app.listen({ port: ctx.env.PORT, host: ctx.env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.env.PORT;
  const lines = startBanner(ctx, { port, manager, warnings: membership.warnings });
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch(async (err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  // a start that failed after joining leaves no record that would count as running
  await membership?.leave().catch(() => undefined);
  process.exit(1);
});
