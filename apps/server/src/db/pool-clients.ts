import type pg from 'pg';

/** The error each watched connection broke with, for as long as its client exists. */
const brokenWith = new WeakMap<pg.ClientBase, Error>();

/**
 * node-postgres emits 'error' on a client whose connection dies (a failover, a restart, an idle
 * timeout, pg_terminate_backend), and an 'error' nothing listens to ends the process. pg-pool
 * listens only while a client is idle in the pool, not while it is checked out (a transaction
 * holds it). This listener stays for the client's whole life and only records the error: the
 * statement that used the connection fails by itself, and the client is released as broken.
 */
export function watchClient(client: pg.ClientBase): void {
  client.on('error', (err: Error) => {
    if (!brokenWith.has(client)) brokenWith.set(client, err);
  });
}

/** Every client `pool` opens is watched from its creation, before it is first handed out. */
export function watchConnections(pool: pg.Pool): void {
  pool.on('connect', watchClient);
}

/** The error the client's connection broke with, if it did. */
export function connectionError(client: pg.ClientBase): Error | undefined {
  return brokenWith.get(client);
}

/**
 * Gives a checked-out client back to its pool, or drops it (closes its connection) when its
 * connection broke or `broken` says it is in an unknown state: a broken one is never reused.
 */
export function releaseClient(client: pg.PoolClient, broken?: unknown): void {
  const err = connectionError(client) ?? broken;
  client.release(err instanceof Error ? err : Boolean(err));
}
