/**
 * A process with the servers' policy for errors nothing handled (shutdown.ts), which then throws
 * from a callback (`throw`), leaves a promise rejected (`reject`), has an emitter with no 'error'
 * listener emit a database error (`lost`: the server ended the connection, `constraint`: any other),
 * or lets a real connection go while the server ends it (`let-go`, at DATABASE_URL, as pg-boss does
 * with its LISTEN client); it logs to stdout as the servers do, and says so should it still run
 * half a second later.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import pino from 'pino';
import { exitOnUnexpectedErrors } from '../../src/shutdown.js';

function databaseError(message: string, code: string): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code, severity: 'FATAL' });
}

/** Terminates its own connection from another one, then ends it with no listener left on it. */
async function letGo() {
  const url = process.env.DATABASE_URL!;
  const admin = new pg.Client({ connectionString: url });
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await Promise.all([admin.connect(), client.connect()]);
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
  client.removeAllListeners();
  await client.end().catch(() => undefined);
  await admin.end();
}

exitOnUnexpectedErrors(pino());
const how = process.argv[2];
if (how === 'reject') void Promise.reject(new Error('rejected, awaited by nobody'));
else if (how === 'lost' || how === 'constraint')
  setTimeout(() => {
    new EventEmitter().emit(
      'error',
      how === 'lost'
        ? databaseError('terminating connection due to administrator command', '57P01')
        : databaseError('duplicate key value violates unique constraint', '23505'),
    );
  }, 0);
else if (how === 'let-go') void letGo();
else
  setTimeout(() => {
    throw new Error('thrown from a callback');
  }, 0);
setTimeout(() => process.stdout.write('still running\n'), 500);
