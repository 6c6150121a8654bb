import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

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
  /** The underlying PGlite instance (for pg-boss in embedded mode). */
  readonly pglite?: PGlite;
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
}

export async function openDb(opts: DbOptions): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.schema)
    : openPglite(opts.dataDir);
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
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // a dropped idle connection must not crash the process
  pool.on('error', () => undefined);
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  const query = async <T>(sql: string, params?: unknown[]) =>
    (await pool.query(prepared(sql, params))).rows as T[];
  return {
    kind: 'postgres',
    query,
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) =>
            (await client.query(prepared(sql, params))).rows as T[],
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<Db> {
  let target = dataDir;
  if (!dataDir.startsWith('memory://')) {
    target = path.resolve(dataDir, 'pglite');
    mkdirSync(target, { recursive: true });
  }
  const pglite = await PGlite.create(target);
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
  };
}
