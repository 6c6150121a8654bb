import type { Queryable } from '../../db/client.js';

export interface EndpointRow {
  url: string;
  secret: string;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  user_id: number;
  event_type: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
}

export async function findEndpoint(q: Queryable, userId: number): Promise<EndpointRow | undefined> {
  const rows = await q.query<EndpointRow>(
    'SELECT url, secret, created_at FROM webhook_endpoints WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

export async function saveEndpoint(
  q: Queryable,
  userId: number,
  url: string,
  secret: string,
): Promise<EndpointRow> {
  const rows = await q.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (user_id, url, secret) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET url = EXCLUDED.url, secret = EXCLUDED.secret, created_at = now()
     RETURNING url, secret, created_at`,
    [userId, url, secret],
  );
  return rows[0]!;
}

export async function deleteEndpoint(q: Queryable, userId: number): Promise<boolean> {
  return (await q.query('DELETE FROM webhook_endpoints WHERE user_id = $1 RETURNING 1', [userId])).length > 0;
}

export async function insertDelivery(
  q: Queryable,
  d: { id: string; userId: number; type: string; payload: string },
): Promise<void> {
  await q.query(
    `INSERT INTO webhook_deliveries (id, user_id, event_type, payload, next_attempt_at)
     VALUES ($1, $2, $3, $4, now())`,
    [d.id, d.userId, d.type, d.payload],
  );
}

export async function findDelivery(q: Queryable, id: string): Promise<DeliveryRow | undefined> {
  const rows = await q.query<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = $1', [id]);
  return rows[0];
}

/** One try's outcome: delivered, failed for good, or pending with its next try's time. */
export async function recordAttempt(
  q: Queryable,
  id: string,
  a: {
    status: DeliveryRow['status'];
    httpStatus: number | null;
    error: string | null;
    retryInSeconds: number | null;
  },
): Promise<void> {
  await q.query(
    `UPDATE webhook_deliveries SET status = $2, attempts = attempts + 1, last_status = $3, last_error = $4,
            last_attempt_at = now(),
            next_attempt_at = CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(secs => $5::int) END
      WHERE id = $1`,
    [id, a.status, a.httpStatus, a.error, a.retryInSeconds],
  );
}

export async function recentDeliveries(q: Queryable, userId: number, limit: number): Promise<DeliveryRow[]> {
  return q.query<DeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
    [userId, limit],
  );
}

export async function deleteOldDeliveries(q: Queryable, days: number): Promise<number> {
  const rows = await q.query(
    `DELETE FROM webhook_deliveries WHERE created_at < now() - make_interval(days => $1) AND status <> 'pending'
     RETURNING 1`,
    [days],
  );
  return rows.length;
}
