import type { JobDefinition } from '../../src/providers/queue/queue.js';

export interface SlowJobs {
  'test.slow': { key: string };
}

/** Short heartbeat and retry delay so a dead worker's job comes back within seconds in tests. */
export const SLOW_JOB_DEFINITIONS: { [K in keyof SlowJobs]: JobDefinition } = {
  'test.slow': { options: { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false, retryLimit: 3 } },
};
