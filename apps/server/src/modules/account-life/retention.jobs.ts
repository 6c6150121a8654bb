import type { AppContext } from '../../context.js';
import { runRetention } from './retention.service.js';

/** The account-life module's jobs: name → payload (jobs/registry.ts assembles every module's). */
export interface AccountLifeJobs {
  /** closed accounts' content after 30 days, their records after 5 years, old logs (daily) */
  'account-life.retention': Record<string, never>;
}

export const accountLifeJobDefinitions = {
  'account-life.retention': { cron: '41 3 * * *', options: { retryLimit: 2, expireInSeconds: 3600 } },
};

export const accountLifeJobHandlers = (ctx: AppContext) => ({
  'account-life.retention': async () => {
    const { content, records, logs } = await runRetention(ctx);
    const moved =
      content.accounts + records.accounts + logs.contactMessages + logs.usageDays + logs.paymentEvents;
    if (moved) ctx.log.info({ content, records, logs }, 'retention: deleted what its time was up for');
  },
});
