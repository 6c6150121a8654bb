import type { AppContext } from '../../context.js';
import { deleteStaleCodes } from './codes.repository.js';
import { deleteOldSlowdowns } from './login-slowdown.repository.js';
import { deleteOldOAuthStates } from './oauth.repository.js';
import { deleteOldRateLimits } from './rate-limit.repository.js';
import { deleteExpiredSessions } from './sessions.repository.js';

/** The accounts module's jobs: name → payload (jobs/registry.ts assembles every module's). */
export interface AccountsJobs {
  /** expired sessions, used codes, old rate-limit windows and OAuth states */
  'accounts.cleanup': Record<string, never>;
}

export const accountsJobDefinitions = {
  'accounts.cleanup': { cron: '17 * * * *', options: { retryLimit: 1, expireInSeconds: 300 } },
};

export async function cleanupAccounts(ctx: AppContext): Promise<void> {
  const sessions = await deleteExpiredSessions(ctx.db);
  const codes = await deleteStaleCodes(ctx.db);
  await deleteOldRateLimits(ctx.db);
  await deleteOldSlowdowns(ctx.db);
  await deleteOldOAuthStates(ctx.db);
  if (sessions || codes) ctx.log.info({ sessions, codes }, 'removed expired sessions and codes');
}

export const accountsJobHandlers = (ctx: AppContext) => ({
  'accounts.cleanup': () => cleanupAccounts(ctx),
});
