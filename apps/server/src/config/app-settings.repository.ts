import type { Queryable } from '../db/client.js';

/** Keeps `value` under `key` unless one is kept already; answers the kept value. */
export async function keepSetting(q: Queryable, key: string, value: string): Promise<string> {
  await q.query(`INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
    key,
    value,
  ]);
  const rows = await q.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = $1`, [key]);
  return rows[0]!.value;
}
