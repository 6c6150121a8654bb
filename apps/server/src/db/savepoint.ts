import type { Queryable } from './client.js';

/**
 * Runs `fn` inside a savepoint of the caller's transaction: when it throws, only its own writes
 * are undone and the error is handed back (null when it succeeded); the transaction goes on.
 */
export async function inSavepoint(
  q: Queryable,
  name: string,
  fn: () => Promise<void>,
): Promise<{ error: unknown } | null> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a savepoint name: ${name}`);
  await q.query(`SAVEPOINT ${name}`);
  try {
    await fn();
    await q.query(`RELEASE SAVEPOINT ${name}`);
    return null;
  } catch (err) {
    await q.query(`ROLLBACK TO SAVEPOINT ${name}`);
    return { error: err };
  }
}
