import type { Queryable } from '../../db/client.js';

/**
 * Records identity hashes in the caller's transaction; answers whether every one of them was new.
 * Inserted in sorted order, so two sign-ups sharing hashes wait for each other instead of
 * deadlocking; a hash another transaction is inserting waits for it and then counts as seen.
 */
export async function recordNewIdentities(q: Queryable, hashes: string[]): Promise<boolean> {
  const sorted = [...new Set(hashes)].sort();
  const rows = await q.query(
    `INSERT INTO trial_identities (identity_hash)
     SELECT h FROM unnest($1::text[]) WITH ORDINALITY AS x(h, n) ORDER BY n
     ON CONFLICT (identity_hash) DO NOTHING RETURNING 1`,
    [sorted],
  );
  return rows.length === sorted.length;
}
