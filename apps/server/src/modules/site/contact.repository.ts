import type { ContactMessage, UiLanguage } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';

export async function insertContactMessage(
  q: Queryable,
  m: ContactMessage & { host: string; language: UiLanguage; userId: number | null },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO contact_messages (name, email, subject, message, host, language, user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int AS id`,
    [m.name, m.email, m.subject, m.message, m.host, m.language, m.userId],
  );
  return row!.id;
}

export async function markContactMailed(q: Queryable, id: number): Promise<void> {
  await q.query(`UPDATE contact_messages SET mailed_at = now() WHERE id = $1`, [id]);
}

/** Contact messages older than `months` before `now` are deleted; answers how many. */
export async function deleteOldContactMessages(q: Queryable, now: Date, months: number): Promise<number> {
  const rows = await q.query(
    `DELETE FROM contact_messages WHERE created_at < $1::timestamptz - make_interval(months => $2) RETURNING 1`,
    [now, months],
  );
  return rows.length;
}
