import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.js';

// beside this module: src/db/migrations from source, dist/migrations in the build (build.mjs copies them)
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// any constant works; it only has to be the same for every process migrating this database
const MIGRATION_LOCK = 72_817_001;

/**
 * Applies the numbered SQL files of db/migrations in order, each once, in its own transaction.
 * Concurrent starts on one PostgreSQL serialise on an advisory lock. `before`: only the files
 * named before it (a test builds a database as an earlier release left it).
 */
export async function migrate(db: Db, opts: { before?: string } = {}): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f) && (opts.before === undefined || f < opts.before))
    .sort();
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await q.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      // split on a marker line so PGlite and pg both take one statement at a time with params-free SQL
      for (const statement of sql.split(/^--\s*statement\s*$/m)) {
        if (statement.trim()) await q.query(statement);
      }
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}
