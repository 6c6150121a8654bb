import type { Queryable } from '../../db/client.js';

/** Throws when the database does not answer. */
export async function pingDatabase(q: Queryable): Promise<void> {
  await q.query('SELECT 1');
}
