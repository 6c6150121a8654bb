import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { DbConnectionLost, isConnectionLost, isReadOnly, neverSent } from './connection-loss.js';
import { releaseClient, watchConnections } from './pool-clients.js';
import { createDataDirIfNew, DEFAULT_PGLITE_SHARED_BUFFERS_MB, pgliteStartParams } from './pglite-start.js';

/**
 * The one database interface the repositories use. PGlite (embedded) and node-postgres share it,
 * so the same SQL runs in both modes.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel (NOTIFY): `message` gets each payload; `live(false)` says notifications
   * may be missed from now on (the listening connection was lost), `live(true)` that they arrive
   * (again). Answers a function that stops listening (after which nothing is reported).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** The underlying PGlite instance (for pg-boss in embedded mode). */
  readonly pglite?: PGlite;
}

export interface ListenHandlers {
  message(payload: string): void;
  live(listening: boolean): void;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

// int8 (counts, sums) as JS numbers: every amount we store fits in 2^53
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; 'memory://' for a throw-away database */
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema) */
  schema?: string;
  /** PGlite: start from this dump of a data directory (tests copy one migrated database) */
  loadDataDir?: Blob;
  /** PGlite: PostgreSQL's shared buffers in MB (PGLITE_SHARED_BUFFERS_MB) */
  pgliteSharedBuffersMb?: number;
}

export async function openDb(opts: DbOptions): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.schema)
    : openPglite(
        opts.dataDir,
        opts.loadDataDir,
        opts.pgliteSharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB,
      );
}

const statementNames = new Map<string, string>();

/**
 * Every parameterised query runs as a named prepared statement: each pooled connection parses
 * and plans it once instead of on every call.
 */
function prepared(sql: string, params: unknown[] | undefined): pg.QueryConfig {
  if (!params?.length) return { text: sql };
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params };
}

async function openPostgres(url: string, max: number, schema?: string): Promise<Db> {
  const config: pg.ClientConfig = {
    connectionString: url,
    // named, so an operator (or a test) can tell the app's connections apart
    application_name: `subtrans${schema ? ` ${schema}` : ''}`,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
  const pool = new pg.Pool({ ...config, max });
  // a dropped idle connection must not crash the process (pg-pool removes it itself)
  pool.on('error', () => undefined);
  watchConnections(pool);
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);

  /** The statement again on a connection of its own: the pool's idle ones may be broken too. */
  const onFreshConnection = async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
    const client = new pg.Client(config);
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.query(prepared(sql, params))).rows as T[];
    } catch (err) {
      throw isConnectionLost(err) ? new DbConnectionLost(err) : err;
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  // A statement whose connection broke is sent once more, on a fresh connection, when that
  // cannot do anything twice: it only reads, or it never left. Otherwise the caller hears
  // DbConnectionLost (answered TRY_AGAIN): a write's outcome is unknown.
  const query = async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
    try {
      return (await pool.query(prepared(sql, params))).rows as T[];
    } catch (err) {
      if (!isConnectionLost(err)) throw err;
      if (!neverSent(err) && !isReadOnly(sql)) throw new DbConnectionLost(err);
      return onFreshConnection<T>(sql, params);
    }
  };

  /**
   * A pooled connection with its transaction begun. A connection that breaks before BEGIN has
   * done anything is dropped and another taken (each broken idle one fails once and leaves the
   * pool, so max + 1 tries reach a live one).
   */
  const begin = async (): Promise<pg.PoolClient> => {
    for (let attempt = 0; ; attempt += 1) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw isConnectionLost(err) ? new DbConnectionLost(err) : err;
      }
      try {
        await client.query('BEGIN');
        return client;
      } catch (err) {
        releaseClient(client, err);
        if (!isConnectionLost(err)) throw err;
        if (attempt >= max) throw new DbConnectionLost(err);
      }
    }
  };

  return {
    kind: 'postgres',
    query,
    async tx(fn) {
      const client = await begin();
      try {
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) =>
            (await client.query(prepared(sql, params))).rows as T[],
        });
        await client.query('COMMIT');
        releaseClient(client);
        return result;
      } catch (e) {
        const rollback = await client.query('ROLLBACK').then(
          () => null,
          (err: unknown) => err,
        );
        // a broken connection leaves the pool instead of going back to it
        releaseClient(client, rollback);
        // the transaction did not commit, or (COMMIT's answer lost) it is unknown whether it did
        if (isConnectionLost(e)) throw e instanceof DbConnectionLost ? e : new DbConnectionLost(e);
        throw e;
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers, schema),
  };
}

/** A connection of its own (LISTEN needs one), connected again with growing pauses when lost. */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  schema?: string,
): Promise<() => Promise<void>> {
  checkChannel(channel);
  let stopped = false;
  let current: pg.Client | null = null;
  let retryMs = 500;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  };
  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      // named, so an operator (or a test) can tell these connections apart
      application_name: `subtrans listen ${channel}${schema ? ` ${schema}` : ''}`,
    });
    client.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    let ended = false;
    client.on('error', () => undefined);
    client.on('end', () => {
      ended = true;
      if (current !== client) return;
      current = null;
      handlers.live(false);
      retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      await client.end().catch(() => undefined);
      retry();
      return;
    }
    // stopped meanwhile, or lost right after LISTEN (before it counted as the current one)
    if (stopped || ended) {
      await client.end().catch(() => undefined);
      retry();
      return;
    }
    current = client;
    retryMs = 500;
    handlers.live(true);
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

async function openPglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
  sharedBuffersMb: number,
): Promise<Db> {
  const startParams = pgliteStartParams(sharedBuffersMb);
  let target = dataDir;
  if (!dataDir.startsWith('memory://')) {
    target = path.resolve(dataDir, 'pglite');
    mkdirSync(target, { recursive: true });
    if (!loadDataDir) await createDataDirIfNew(target, startParams);
  }
  const pglite = await PGlite.create(target, { startParams, ...(loadDataDir ? { loadDataDir } : {}) });
  return {
    kind: 'pglite',
    pglite,
    async query<T>(sql: string, params?: unknown[]) {
      return (await pglite.query<T>(sql, params)).rows;
    },
    async tx(fn) {
      return pglite.transaction(async (tx) =>
        fn({ query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows }),
      );
    },
    async exec(sql) {
      await pglite.exec(sql);
    },
    async close() {
      await pglite.close();
    },
    // in-process: a notification reaches its listener before the statement that sent it returns
    async listen(channel, handlers) {
      checkChannel(channel);
      const unsubscribe = await pglite.listen(channel, (payload) => handlers.message(payload));
      handlers.live(true);
      return async () => {
        if (!pglite.closed) await unsubscribe();
      };
    },
  };
}
