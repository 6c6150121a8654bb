import type { AppContext } from '../../context.js';
import { purgeObjects } from './object-deletions.service.js';

/** stored objects queued for deletion (deleted tasks, expired media) are deleted, failures retried */
export const STORAGE_PURGE_JOB = 'storage.purge-deletions';

/** The storage module's jobs: name → payload (jobs/registry.ts assembles every module's). */
export interface StorageJobs {
  [STORAGE_PURGE_JOB]: Record<string, never>;
}

export const storageJobDefinitions = {
  [STORAGE_PURGE_JOB]: { cron: '*/5 * * * *', options: { retryLimit: 1, expireInSeconds: 900 } },
};

export const storageJobHandlers = (ctx: AppContext) => ({
  [STORAGE_PURGE_JOB]: async () => {
    const purged = await purgeObjects(ctx);
    if (purged.deleted || purged.failed) ctx.log.info(purged, 'deleted queued stored objects');
  },
});
