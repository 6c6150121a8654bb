/**
 * A process with the servers' policy for errors nothing handled (shutdown.ts), which then throws
 * from a callback (`throw`) or leaves a promise rejected (`reject`); it logs to stdout as the
 * servers do, and says so should it still run half a second later.
 */
import pino from 'pino';
import { exitOnUnexpectedErrors } from '../../src/shutdown.js';

exitOnUnexpectedErrors(pino());
if (process.argv[2] === 'reject') void Promise.reject(new Error('rejected, awaited by nobody'));
else
  setTimeout(() => {
    throw new Error('thrown from a callback');
  }, 0);
setTimeout(() => process.stdout.write('still running\n'), 500);
